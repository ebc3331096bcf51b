// Async boundary: shared singletons must be negotiated before any app code runs.
import('./bootstrap');

export {};
