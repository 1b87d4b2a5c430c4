/** The administrators' payments table, loaded on demand by the Launch Party responses (React.lazy). */
export { default } from './components/admin-payments-table';
