// Types of the passwords endpoints (contract.md §4). Filled in with the namespace.
export {};
