/** The table that becomes one card per row on a phone, for other admin tabs (the Members tab). */
export { ResponsiveTable } from './components/responsive-table';
