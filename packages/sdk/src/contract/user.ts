// Types of the user endpoints (contract.md §4). Filled in with the namespace.
export {};
