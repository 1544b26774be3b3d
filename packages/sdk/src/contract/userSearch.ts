// Types of the userSearch endpoints (contract.md §4). Filled in with the namespace.
export {};
