/**
 * What other features may use of insights: one member's sponsor quality, for the staff member
 * detail. The tab itself is loaded by the admin dashboard through insights-tab.ts.
 */
export { SponsorQuality } from './components/sponsor-quality';
