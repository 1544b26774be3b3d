// Types of the otps endpoints (contract.md §4). Filled in with the namespace.
export {};
