// Vite's client types (CSS imports, import.meta.env) without pulling Node's types into browser code.
/// <reference types="vite/client" />
