/**
 * What other modules may use of preferences: what the club remembers about each member (read it,
 * remember from the chat, forget), the profile the concierge's model is given, and the fixed kinds.
 * Its entities and tables (entries, staff notes, the pause) are its own.
 */
export { PreferencesModule } from './preferences.module';
export { PreferencesService } from './preferences.service';
export { PREFERENCE_KINDS, PREFERENCE_KIND_LABELS, isSensitiveKind, type PreferenceKind } from './preference-kinds';
