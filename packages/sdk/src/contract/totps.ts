// Types of the totps endpoints (contract.md §4). Filled in with the namespace.
export {};
