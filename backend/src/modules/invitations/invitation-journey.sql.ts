/**
 * Invitations' part of the insights funnel (offered through index.ts). Guests are matched to
 * waitlist entries by their lower-cased email, as 'Invite to event' copies it from the entry.
 *
 * INVITED_SQL: when an address was first sent an invitation (one not yet sent does not count).
 * Columns: email, invited_at.
 * ATTENDING_SQL: every RSVP answered 'attending', with when it was answered and when the party
 * arrived at the door (null until checked in). Columns: email, rsvp_id, attending_at, came_at.
 */
export const INVITED_SQL = `select lower(recipient_email) as email, min(sent_at) as invited_at
  from invitations
 where sent_at is not null
 group by lower(recipient_email)`;

export const ATTENDING_SQL = `select lower(i.recipient_email) as email, r.id as rsvp_id, r.responded_at as attending_at,
       c.checked_in_at as came_at
  from rsvps r
  join invitations i on i.id = r.invitation_id
  left join rsvp_check_ins c on c.rsvp_id = r.id
 where r.status = 'attending'`;
