import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useId } from 'react';
import styles from './check-in.module.css';

/**
 * How many of a party come through the door now, set with one thumb: a large − and + either side
 * of the number (never below one, never above the party). The number is announced as it changes.
 */
export function GuestStepper({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  return (
    <div className={styles.stepper} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.stepperLabel}>
        {label}
      </span>
      <div className={styles.stepperControls}>
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="One guest fewer"
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          <MinusOutlined aria-hidden />
        </button>
        <output className={styles.stepperValue} aria-live="polite" aria-label={`${value} of ${max} guests`}>
          {value}
          <span className={styles.stepperOf}> of {max}</span>
        </output>
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="One guest more"
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <PlusOutlined aria-hidden />
        </button>
      </div>
    </div>
  );
}
