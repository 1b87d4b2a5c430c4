import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input, InputNumber, Select, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { proposeOptions, useInvalidateDesk, type StaffDetail } from '../api/desk';
import { price } from './desk-format';
import styles from './desk.module.css';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY'];

interface OptionRow {
  title: string;
  price: number | null;
  currency: string;
  description: string;
  cancellationTerms: string;
  /** datetime-local values, on the staff member's clock. */
  validUntil: string;
  startsAt: string;
  refundableUntil: string;
  supplierToConfirm: boolean;
  /** The details are opened for this option. */
  open: boolean;
}

const EMPTY_OPTION: OptionRow = {
  title: '',
  price: null,
  currency: 'EUR',
  description: '',
  cancellationTerms: '',
  validUntil: '',
  startsAt: '',
  refundableUntil: '',
  supplierToConfirm: false,
  open: false,
};

const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);
const text = (value: string) => value.trim() || undefined;

/**
 * 'Propose options' in a request's drawer: each option's title and price, and what the member
 * reads on its card before accepting (description, cancellation terms, valid until, when it takes
 * place, until when it is refunded, and whether the supplier confirms first: the amount is then held).
 */
export function OptionProposal({ request, closed }: { request: StaffDetail['request']; closed: boolean }) {
  const { message } = App.useApp();
  const refresh = useInvalidateDesk();
  const [options, setOptions] = useState<OptionRow[]>([{ ...EMPTY_OPTION }, { ...EMPTY_OPTION }]);
  const [busy, setBusy] = useState(false);
  const valid = options.filter((o) => o.title.trim() && o.price !== null);
  const change = (index: number, patch: Partial<OptionRow>) =>
    setOptions(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  const propose = async () => {
    setBusy(true);
    try {
      await proposeOptions(request.id, {
        options: valid.map((o) => ({
          title: o.title.trim(),
          price: o.price!,
          currency: o.currency,
          description: text(o.description),
          cancellationTerms: text(o.cancellationTerms),
          validUntil: instant(o.validUntil),
          startsAt: instant(o.startsAt),
          refundableUntil: instant(o.refundableUntil),
          supplierToConfirm: o.supplierToConfirm || undefined,
        })),
      });
      await refresh();
      message.success('Options proposed');
      setOptions([{ ...EMPTY_OPTION }, { ...EMPTY_OPTION }]);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Options" className={styles.block}>
      <h4>Propose options</h4>
      {request.options.length > 0 && (
        <ul className={styles.proposed}>
          {request.options.map((o) => (
            <li key={o.id}>
              {o.title} · {price(o.price, o.currency)}
              {o.supplierToConfirm ? <span className={styles.muted}> · supplier to confirm</span> : null}
              {request.acceptedOptionId === o.id ? <Tag color="green">Accepted</Tag> : null}
            </li>
          ))}
        </ul>
      )}
      {options.map((option, index) => (
        <div key={index} className={styles.optionBlock}>
          <div className={styles.optionRow}>
            <Input
              aria-label={`Option ${index + 1}`}
              placeholder={`Option ${index + 1}`}
              value={option.title}
              maxLength={200}
              disabled={closed}
              onChange={(e) => change(index, { title: e.target.value })}
            />
            <InputNumber
              aria-label={`Price of option ${index + 1}`}
              placeholder="Price"
              min={0}
              step={100}
              value={option.price}
              disabled={closed}
              onChange={(value) => change(index, { price: value ?? null })}
            />
            <Select
              aria-label={`Currency of option ${index + 1}`}
              value={option.currency}
              disabled={closed}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              onChange={(value: string) => change(index, { currency: value })}
            />
            <Button
              type="text"
              icon={<MinusCircleOutlined />}
              aria-label={`Remove option ${index + 1}`}
              disabled={options.length === 1}
              onClick={() => setOptions(options.filter((_, i) => i !== index))}
            />
          </div>
          <Button
            type="link"
            size="small"
            className={styles.detailsToggle}
            aria-expanded={option.open}
            disabled={closed}
            onClick={() => change(index, { open: !option.open })}
          >
            {option.open ? 'Hide details' : 'Details and terms'}
          </Button>
          {option.open ? (
            <div className={styles.optionDetails}>
              <Input.TextArea
                aria-label={`Description of option ${index + 1}`}
                placeholder="What the member reads on the card"
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={2000}
                value={option.description}
                onChange={(e) => change(index, { description: e.target.value })}
              />
              <Input
                aria-label={`Cancellation terms of option ${index + 1}`}
                placeholder="Cancellation terms"
                maxLength={1000}
                value={option.cancellationTerms}
                onChange={(e) => change(index, { cancellationTerms: e.target.value })}
              />
              <div className={styles.optionDates}>
                <label>
                  <span className={styles.muted}>Valid until</span>
                  <Input
                    type="datetime-local"
                    aria-label={`Option ${index + 1} valid until`}
                    value={option.validUntil}
                    onChange={(e) => change(index, { validUntil: e.target.value })}
                  />
                </label>
                <label>
                  <span className={styles.muted}>Takes place</span>
                  <Input
                    type="datetime-local"
                    aria-label={`Option ${index + 1} takes place`}
                    value={option.startsAt}
                    onChange={(e) => change(index, { startsAt: e.target.value })}
                  />
                </label>
                <label>
                  <span className={styles.muted}>Refunded in full until</span>
                  <Input
                    type="datetime-local"
                    aria-label={`Option ${index + 1} refunded in full until`}
                    value={option.refundableUntil}
                    onChange={(e) => change(index, { refundableUntil: e.target.value })}
                  />
                </label>
              </div>
              <Checkbox
                checked={option.supplierToConfirm}
                onChange={(e) => change(index, { supplierToConfirm: e.target.checked })}
              >
                Supplier to confirm: hold the amount, take it when they confirm
              </Checkbox>
            </div>
          ) : null}
        </div>
      ))}
      <div className={styles.row}>
        <Button
          icon={<PlusOutlined />}
          disabled={options.length >= 5 || closed}
          onClick={() => setOptions([...options, { ...EMPTY_OPTION }])}
        >
          Add an option
        </Button>
        <Button type="primary" loading={busy} disabled={valid.length === 0 || closed} onClick={() => void propose()}>
          Propose options
        </Button>
      </div>
    </section>
  );
}
