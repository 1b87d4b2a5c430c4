/** The spec's message-topic categories (section 3). */
export const MESSAGE_CATEGORIES = [
  'travel',
  'dining',
  'property',
  'events',
  'wellness',
  'fashion',
  'transportation',
  'art',
  'concierge',
  'default',
] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export type Urgency = 'low' | 'medium' | 'high';

/** What the concierge understood of a request: the spec's parsedEntities. */
export interface ParsedEntities {
  mainCategory: MessageCategory;
  location: string | null;
  timeline: string | null;
  urgency: Urgency;
  budget: string | null;
  preferences: string[];
  /** How many people, when the member says ("for two", "10 guests"). */
  partySize: number | null;
  /** Where a journey starts and ends ("from Geneva to Courchevel"); null when not a journey. */
  origin: string | null;
  destination: string | null;
  occasion: Occasion | null;
  /** Allergies and diets ("shellfish allergy", "vegetarian"). */
  dietary: string[];
  /** The timeline as ISO dates (YYYY-MM-DD), when it names days that are known; `timeline` keeps the words. */
  dates: { from: string; to: string } | null;
}

export const OCCASIONS = ['birthday', 'anniversary', 'proposal', 'business'] as const;
export type Occasion = (typeof OCCASIONS)[number];

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatTurn {
  role: ChatRole;
  content: string;
}

/** A partner from the vendor directory that a reply may recommend. */
export interface DirectoryVendor {
  name: string;
  category: string;
  city: string | null;
  description: string | null;
}

/** What the caller knows beyond the conversation, so replies stay grounded. */
export interface ReplyContext {
  /** Active partners of the directory that fit the request. */
  vendors?: DirectoryVendor[];
  /** Where the member is, from the browser ("Lisbon, Portugal"), when known. */
  userLocation?: string | null;
  /** What the house remembers of the member (signed-in members only). */
  profile?: ProfileEntry[];
  /** The signed-in member the reply is for; absent for a house-password session. */
  member?: { firstName: string; tier: string } | null;
  /** What the concierge may look up or do while it writes (signed-in members only). */
  tools?: ConciergeToolbox;
}

/** One thing the house remembers of a member, as a reply reads it ("Seating", "Terraces"). */
export interface ProfileEntry {
  kind: string;
  label: string;
  value: string;
}

export const STEP_STATUSES = ['done', 'failed', 'ask', 'declined', 'accepted'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/**
 * Something the concierge looked up or did while writing a reply, shown as a quiet line above it
 * ('Searched our partners in Monaco: 3 found', 'Remembered: Terraces'). `ask`: nothing is changed
 * until the member answers Yes (`accepted`) or No (`declined`).
 */
export interface ReplyStep {
  /** Unique within its reply. */
  id: string;
  tool: string;
  label: string;
  status: StepStatus;
  /** What the line shows when opened. */
  detail?: string;
  /** A preference kept (with its id, for Undo) or offered to be kept. */
  memory?: { preferenceId?: string; kind: string; value: string };
}

/** A tool the concierge may call; `parameters` is a strict JSON schema for its arguments. */
export interface ConciergeTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Calling it may change something (a memory, a request), not only read. */
  changes: boolean;
  /** The step's line when the tool fails or takes too long. */
  failure: string;
}

/**
 * What a tool answered: the step's line, the data the model reads (as data, never as
 * instructions), and how its step stands: `ask` when it changed nothing yet and waits for the member.
 */
export interface ToolResult {
  summary: string;
  data: unknown;
  status?: 'done' | 'ask';
  detail?: string;
  memory?: ReplyStep['memory'];
}

/** A statement worth keeping in what a member said ("we love terraces" -> seating, "Terraces"). */
export interface MemoryCandidate {
  kind: string;
  value: string;
  sensitive: boolean;
}

/**
 * The concierge's tools for one reply to one member: the port the concierge module fills
 * (partners, events, the member's request, preferences). The toolbox decides what a change needs
 * (run at once, or ask the member first); the provider only calls.
 */
export interface ConciergeToolbox {
  readonly tools: ConciergeTool[];
  /** Longest wait for one tool, in milliseconds. */
  readonly timeoutMs: number;
  run(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
  /** The member's message read by the house's rules, for the offline engine's steps. */
  readMessage(text: string): Promise<MessageReading>;
}

/** What the house's rules read in a member's message. */
export interface MessageReading {
  /** What it says worth remembering; none while the member has paused remembering. */
  remember: MemoryCandidate[];
  /** It asks for something to arrange: the member's request is opened (or added to) from it. */
  opensRequest: boolean;
}
