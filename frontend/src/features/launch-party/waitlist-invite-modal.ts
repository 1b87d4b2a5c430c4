/** 'Invite to event' from the Waitlist tab, loaded on demand (a module of its own for React.lazy). */
export { default } from './components/waitlist-invite-modal';
