/** What other features may use of maintenance: the admin dashboard's switch. */
export { MaintenanceAdminControl } from './components/maintenance-admin-control';
