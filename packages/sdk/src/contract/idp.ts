// Types of the idp endpoints (contract.md §4). Filled in with the namespace.
export {};
