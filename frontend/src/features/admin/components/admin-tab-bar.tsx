import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import styles from './admin.module.css';

export interface AdminSection {
  key: string;
  label: string;
}

interface Props {
  /** Ant Design's Tabs id: its panels are `${id}-panel-${key}`, labelled by `${id}-tab-${key}`. */
  id: string;
  sections: AdminSection[];
  activeKey: string;
  onSelect: (key: string, event: MouseEvent | KeyboardEvent) => void;
}

const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The dashboard's sections as a tab list that wraps onto a second line on a phone. Ant Design's own
 * bar hides what does not fit behind a 'more' button placed inside the tab list, where a button
 * breaks the list's role and a phone loses sight of the tabs behind it. Arrow keys, Home and End
 * move between tabs as the ARIA tabs pattern asks.
 */
export function AdminTabBar({ id, sections, activeKey, onSelect }: Props) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = sections[step(index, sections.length)];
    onSelect(next.key, event);
    buttons.current.get(next.key)?.focus();
  };

  return (
    <div role="tablist" aria-label="Admin sections" className={styles.tabBar}>
      {sections.map((section, index) => {
        const active = section.key === activeKey;
        return (
          <button
            key={section.key}
            ref={(button) => {
              if (button) buttons.current.set(section.key, button);
              else buttons.current.delete(section.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${section.key}`}
            aria-controls={`${id}-panel-${section.key}`}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={styles.tabButton}
            onClick={(event) => onSelect(section.key, event)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {section.label}
          </button>
        );
      })}
    </div>
  );
}
