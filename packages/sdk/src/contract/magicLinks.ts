// Types of the magicLinks endpoints (contract.md §4). Filled in with the namespace.
export {};
