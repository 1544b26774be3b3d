// Types of the impersonation endpoints (contract.md §4). Filled in with the namespace.
export {};
