// Types of the sessions endpoints (contract.md §4). Filled in with the namespace.
export {};
