// Types of the webauthn endpoints (contract.md §4). Filled in with the namespace.
export {};
