// Types of the cryptoWallets endpoints (contract.md §4). Filled in with the namespace.
export {};
