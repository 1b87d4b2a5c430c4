/**
 * The site-wide maintenance switch as common/ sees it: PublicWriteGuard asks it before any
 * anonymous write. The maintenance module provides it (common/ depends on no module).
 */
export interface MaintenanceSwitch {
  isEnabled(): Promise<boolean>;
}

export const MAINTENANCE_SWITCH = Symbol('MAINTENANCE_SWITCH');
