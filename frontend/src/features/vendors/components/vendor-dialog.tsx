import { EditOutlined, EnvironmentOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { getAdminAuth } from '../../../api/admin-client';
import { saveVendor, vendorKeys, type VendorInput } from '../api/admin-vendors';
import { getPlaceDetails } from '../api/places';
import type { TaxonomyCategory, Vendor, VendorStatus } from '../api/types';
import { BusinessSearch, type BusinessSuggestion } from './business-search';
import { addressFromPlace, DEFAULT_COUNTRY, fallbackFromPrediction, guessCategory } from './place-rules';
import styles from './vendors.module.css';

export const STEP_NAMES = ['Business Search', 'Select Category', 'Contact Information'] as const;

interface VendorForm {
  name: string;
  category: string;
  subcategory: string | null;
  description: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  googlePlaceId: string | null;
  website: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  status: VendorStatus;
  notes: string;
  location: { lat: number; lng: number } | null;
}

function formOf(vendor: Vendor | null): VendorForm {
  return {
    name: vendor?.name ?? '',
    category: vendor?.category ?? '',
    subcategory: vendor?.subcategory ?? null,
    description: vendor?.description ?? '',
    address: vendor?.address ?? '',
    city: vendor?.city ?? '',
    state: vendor?.state ?? '',
    zipCode: vendor?.zipCode ?? '',
    country: vendor?.country ?? DEFAULT_COUNTRY,
    googlePlaceId: vendor?.googlePlaceId ?? null,
    website: vendor?.website ?? '',
    contactName: vendor?.contactName ?? '',
    contactEmail: vendor?.contactEmail ?? '',
    contactPhone: vendor?.contactPhone ?? '',
    status: vendor?.status ?? 'pending',
    notes: vendor?.notes ?? '',
    location: vendor?.location ?? null,
  };
}

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The 3-step add/edit vendor dialog (spec sections 2, 4, 5 and 8). Editing opens at the saved step. */
export function VendorDialog({
  vendor,
  taxonomy,
  onClose,
}: {
  /** null to add a new vendor. */
  vendor: Vendor | null;
  taxonomy: TaxonomyCategory[];
  onClose: () => void;
}) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const editing = vendor !== null;
  const [step, setStep] = useState(() => Math.min(3, Math.max(1, vendor?.onboardingStep ?? 1)));
  const [form, setForm] = useState<VendorForm>(() => formOf(vendor));
  const [placeChosen, setPlaceChosen] = useState(editing);
  const [searchOpen, setSearchOpen] = useState(!editing);
  const [loadingPlace, setLoadingPlace] = useState(false);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof VendorForm>(key: K, value: VendorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const category = useMemo(() => taxonomy.find((c) => c.id === form.category), [taxonomy, form.category]);

  const missing = (description: string) => notification.warning({ title: 'Missing Information', description });

  const pick = async (suggestion: BusinessSuggestion) => {
    if (suggestion.kind === 'category') {
      // The places search failed: the admin names the business and enters its address by hand.
      setForm((f) => ({
        ...f,
        name: suggestion.name,
        category: suggestion.category.id,
        subcategory: suggestion.subcategory?.id ?? null,
        address: '',
        city: '',
        state: '',
        zipCode: '',
        country: f.country || DEFAULT_COUNTRY,
        googlePlaceId: null,
        location: null,
      }));
      setPlaceChosen(true);
      setSearchOpen(false);
      return;
    }
    const { prediction } = suggestion;
    const guess = guessCategory(prediction.types, taxonomy);
    setLoadingPlace(true);
    try {
      const details = await getPlaceDetails(prediction.place_id);
      const address = addressFromPlace(details);
      setForm((f) => ({
        ...f,
        name: details.name || prediction.structured_formatting.main_text,
        address: address.street,
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
        country: address.country || DEFAULT_COUNTRY,
        website: details.website ?? f.website,
        contactPhone: details.international_phone_number ?? f.contactPhone,
        googlePlaceId: prediction.place_id,
        location: address.location,
        ...(guess ? { category: guess.category, subcategory: guess.subcategory } : {}),
      }));
    } catch (error) {
      console.error(error);
      notification.error({ title: 'Error', description: 'Failed to get place details. Please try again.' });
      const fallback = fallbackFromPrediction(prediction);
      setForm((f) => ({
        ...f,
        name: fallback.name,
        address: fallback.address,
        country: f.country || DEFAULT_COUNTRY,
        googlePlaceId: prediction.place_id,
        ...(guess ? { category: guess.category, subcategory: guess.subcategory } : {}),
      }));
    } finally {
      setLoadingPlace(false);
      setPlaceChosen(true);
      setSearchOpen(false);
    }
  };

  const next = () => {
    if (step === 1 && (!placeChosen || !form.name.trim())) {
      missing('Please search and select a business before continuing');
      return;
    }
    if (step === 2 && !form.category) {
      missing('Please select a category before continuing');
      return;
    }
    setStep((s) => Math.min(3, s + 1));
  };

  const back = () => setStep((s) => Math.max(1, s - 1));

  const save = async () => {
    const fail = (description: string) => notification.error({ title: 'Error', description });
    if (!form.name.trim()) return fail('Vendor name is required');
    if (!form.category) return fail('Category is required');
    if (!taxonomy.some((c) => c.id === form.category)) return fail('Category not found');
    if (!getAdminAuth()) return fail('Authentication required');
    const payload: VendorInput = {
      ...form,
      country: form.country.trim() || DEFAULT_COUNTRY,
      onboardingStep: step,
    };
    setSaving(true);
    try {
      await saveVendor(vendor?.id ?? null, payload);
      notification.success({
        title: editing ? 'Vendor Updated' : 'Vendor Created',
        description: editing
          ? `${form.name} has been updated.`
          : `${form.name} has been added to the vendor directory.`,
      });
      await client.invalidateQueries({ queryKey: vendorKeys.vendors });
      onClose();
    } catch (error) {
      fail(error instanceof ApiError && error.message ? error.message : 'Failed to save vendor');
    } finally {
      setSaving(false);
    }
  };

  const title = `${editing ? 'Edit Vendor' : 'Add New Vendor'} - ${STEP_NAMES[step - 1]}`;

  return (
    <Modal
      open
      title={<span className={styles.dialogTitle}>{title}</span>}
      onCancel={onClose}
      mask={{ closable: false }}
      width={720}
      destroyOnHidden
      footer={
        <div className={styles.dialogFooter}>
          {step > 1 ? (
            <Button onClick={back} disabled={saving}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Space wrap>
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            {step < 3 ? (
              <Button type="primary" onClick={next} disabled={loadingPlace}>
                Next
              </Button>
            ) : (
              <Button type="primary" onClick={save} disabled={saving}>
                {saving ? 'Saving...' : 'Save Vendor'}
              </Button>
            )}
          </Space>
        </div>
      }
    >
      <Steps
        current={step - 1}
        size="small"
        responsive={false}
        className={styles.steps}
        items={STEP_NAMES.map((name) => ({ title: <span className={styles.stepName}>{name}</span> }))}
      />

      {step === 1 && (
        <div className={styles.stepBody}>
          {searchOpen && <BusinessSearch taxonomy={taxonomy} onPick={pick} disabled={loadingPlace} />}
          {loadingPlace && (
            <p className={styles.muted}>
              <LoadingOutlined /> Getting the business details...
            </p>
          )}
          {placeChosen && !loadingPlace && (
            <div className={styles.chosen}>
              <div className={styles.chosenHead}>
                <EnvironmentOutlined className={styles.resultIcon} />
                <span className={styles.eyebrow}>Selected business</span>
                {!searchOpen && (
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setSearchOpen(true)}>
                    Search again
                  </Button>
                )}
              </div>
              <Form layout="vertical" component="div">
                <Form.Item label="Business Name" required>
                  <Input value={form.name} onChange={(e) => set('name', e.target.value)} aria-label="Business Name" />
                </Form.Item>
                <Form.Item label="Street Address">
                  <Input
                    value={form.address}
                    onChange={(e) => set('address', e.target.value)}
                    aria-label="Street Address"
                  />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item label="City">
                      <Input value={form.city} onChange={(e) => set('city', e.target.value)} aria-label="City" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6}>
                    <Form.Item label="State">
                      <Input value={form.state} onChange={(e) => set('state', e.target.value)} aria-label="State" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6}>
                    <Form.Item label="ZIP Code">
                      <Input
                        value={form.zipCode}
                        onChange={(e) => set('zipCode', e.target.value)}
                        aria-label="ZIP Code"
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label="Country">
                  <Input value={form.country} onChange={(e) => set('country', e.target.value)} aria-label="Country" />
                </Form.Item>
              </Form>
            </div>
          )}
        </div>
      )}

      {step === 2 && (
        <Form layout="vertical" component="div" className={styles.stepBody}>
          <Form.Item label="Category" required>
            <Select
              aria-label="Category"
              placeholder="Select a category"
              allowClear
              value={form.category || undefined}
              onChange={(value: string | undefined) =>
                setForm((f) => ({ ...f, category: value ?? '', subcategory: null }))
              }
              options={taxonomy.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          {category && <p className={styles.muted}>{category.description}</p>}
          <Form.Item label="Subcategory">
            <Select
              aria-label="Subcategory"
              placeholder="Select a subcategory"
              allowClear
              disabled={!category}
              value={form.subcategory ?? undefined}
              onChange={(value: string | undefined) => set('subcategory', value ?? null)}
              options={(category?.subcategories ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item label="Description">
            <Input.TextArea
              rows={4}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              aria-label="Description"
            />
          </Form.Item>
        </Form>
      )}

      {step === 3 && (
        <Form layout="vertical" component="div" className={styles.stepBody}>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="Contact Name">
                <Input
                  value={form.contactName}
                  onChange={(e) => set('contactName', e.target.value)}
                  aria-label="Contact Name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Contact Email">
                <Input
                  type="email"
                  value={form.contactEmail}
                  onChange={(e) => set('contactEmail', e.target.value)}
                  aria-label="Contact Email"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Contact Phone">
                <Input
                  type="tel"
                  value={form.contactPhone}
                  onChange={(e) => set('contactPhone', e.target.value)}
                  aria-label="Contact Phone"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Website">
                <Input value={form.website} onChange={(e) => set('website', e.target.value)} aria-label="Website" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Status">
            <Select
              aria-label="Status"
              value={form.status}
              onChange={(value: VendorStatus) => set('status', value)}
              options={STATUS_OPTIONS}
            />
          </Form.Item>
          <Form.Item label="Notes">
            <Input.TextArea
              rows={3}
              value={form.notes}
              onChange={(e) => set('notes', e.target.value)}
              aria-label="Notes"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
