// The membership feature's modules that other features open on demand (docs/architecture.md#web-features): loaders
// only, so that the importer's chunk does not take them in and the route chunks stay as the router splits them.
export const loadMembershipDetailsModal = () => import('./membership-details-modal.js');
