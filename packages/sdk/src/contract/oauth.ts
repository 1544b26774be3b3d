// Types of the oauth endpoints (contract.md §4). Filled in with the namespace.
export {};
