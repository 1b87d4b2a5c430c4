import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, Form, Input, Row, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { getPlaceDetails } from '../api/places';
import { submitApplication } from '../api/submit-application';
import { useVendorTaxonomy } from '../api/taxonomy';
import type { PlacePrediction } from '../api/types';
import { validateApplication, type ApplicationField, type ApplicationForm } from '@maison/shared';
import { PlaceAutocomplete } from './place-autocomplete';
import { fillFromPlace } from './place-rules';
import styles from './vendor-application.module.css';

interface FormState extends ApplicationForm {
  placeId: string | null;
  location: { lat: number; lng: number } | null;
  bot_check: string;
}

const EMPTY: FormState = {
  name: '',
  contactName: '',
  email: '',
  phone: '',
  website: '',
  description: '',
  categories: [],
  address: '',
  city: '',
  state: '',
  zipCode: '',
  termsAccepted: false,
  placeId: null,
  location: null,
  bot_check: '',
};

type Errors = Partial<Record<ApplicationField | 'location', string>>;

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}

/** The public vendor application (/vendor-apply and /vendor-onboarding): editing, submitting, submitted. */
export function VendorApplicationPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const taxonomy = useVendorTaxonomy();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);

  const update = (change: Partial<FormState>) => {
    setForm((current) => {
      const next = { ...current, ...change };
      // After a first attempt, errors follow the typing.
      if (attempted) setErrors(validateApplication(next));
      return next;
    });
  };

  const field = (key: ApplicationField) => ({
    htmlFor: `va-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  const pickPlace = async (prediction: PlacePrediction) => {
    try {
      const details = await getPlaceDetails(prediction.place_id);
      setForm((current) => {
        const next = fillFromPlace(current, prediction.place_id, details);
        if (attempted) setErrors(validateApplication(next));
        return next;
      });
    } catch {
      notification.error({
        title: 'Address Details Error',
        description: 'Could not fetch details for this address. Please enter details manually.',
      });
    }
  };

  const submit = async () => {
    setAttempted(true);
    const found = validateApplication(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await submitApplication({
        name: form.name.trim(),
        contactName: form.contactName.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        website: form.website.trim(),
        description: form.description.trim(),
        categories: form.categories,
        address: form.address.trim(),
        city: form.city.trim(),
        state: form.state.trim(),
        zipCode: form.zipCode.trim(),
        placeId: form.placeId,
        location: form.location,
        termsAccepted: form.termsAccepted,
        bot_check: form.bot_check,
      });
      notification.success({
        title: 'Application Submitted',
        description: 'Thank you. Our partnerships team will be in touch.',
      });
      setSubmittedEmail(form.email.trim());
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields as Errors);
      notification.error({
        title: 'Submission Error',
        description: 'There was an error submitting your application. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  };

  if (submittedEmail !== null) {
    return (
      <main className={styles.page}>
        <div className={styles.success} role="status">
          <CheckCircleOutlined className={styles.successIcon} />
          <h1 className={styles.title}>Application Submitted</h1>
          <p className={styles.lead}>
            Thank you for your interest in partnering with {brand}. Our team will review your application and contact
            you at <strong>{submittedEmail}</strong>.
          </p>
          <Button type="primary" size="large" onClick={() => navigate('/')}>
            Return to Home
          </Button>
        </div>
      </main>
    );
  }

  const categories = taxonomy.data?.applicationCategories ?? [];

  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{brand} Partners</p>
        <h1 className={styles.title}>Become a Vendor Partner</h1>
        <p className={styles.lead}>
          We collaborate with a select circle of exceptional businesses. Tell us about yours, and our partnerships team
          will review your application personally.
        </p>
      </header>

      <Form
        layout="vertical"
        className={styles.form}
        noValidate
        onFinish={submit}
        requiredMark={false}
        aria-label="Vendor application"
      >
        <Section title="Business Information">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Business Name" {...field('name')}>
                <Input
                  value={form.name}
                  id="va-name"
                  onChange={(e) => update({ name: e.target.value })}
                  autoComplete="organization"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Contact Person" {...field('contactName')}>
                <Input
                  value={form.contactName}
                  id="va-contactName"
                  onChange={(e) => update({ contactName: e.target.value })}
                  autoComplete="name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Email Address" {...field('email')}>
                <Input
                  type="email"
                  value={form.email}
                  id="va-email"
                  onChange={(e) => update({ email: e.target.value })}
                  autoComplete="email"
                  inputMode="email"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Phone Number" {...field('phone')}>
                <Input
                  type="tel"
                  value={form.phone}
                  id="va-phone"
                  onChange={(e) => update({ phone: e.target.value })}
                  autoComplete="tel"
                  inputMode="tel"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="Website URL (optional)" {...field('website')}>
                <Input
                  value={form.website}
                  id="va-website"
                  onChange={(e) => update({ website: e.target.value })}
                  autoComplete="url"
                  inputMode="url"
                  placeholder="https://"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="Business Description" {...field('description')}>
                <Input.TextArea
                  rows={5}
                  value={form.description}
                  id="va-description"
                  onChange={(e) => update({ description: e.target.value })}
                  placeholder="What makes your business exceptional?"
                />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title="Business Categories" lead="Select every category that describes your services.">
          <Form.Item {...field('categories')} className={styles.categoriesItem}>
            {taxonomy.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} title={false} />
            ) : (
              <Checkbox.Group
                className={styles.categories}
                value={form.categories}
                onChange={(values) => update({ categories: values as string[] })}
                aria-label="Business Categories"
              >
                {categories.map((category) => (
                  <Checkbox key={category.value} value={category.value}>
                    {category.label}
                  </Checkbox>
                ))}
              </Checkbox.Group>
            )}
          </Form.Item>
        </Section>

        <Section title="Business Location" lead="Search for your business to fill in the address, or enter it below.">
          <PlaceAutocomplete onPick={pickPlace} />
          <Row gutter={16} className={styles.addressRow}>
            <Col xs={24}>
              <Form.Item label="Street Address" {...field('address')}>
                <Input
                  value={form.address}
                  id="va-address"
                  onChange={(e) => update({ address: e.target.value })}
                  autoComplete="street-address"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item label="City" {...field('city')}>
                <Input
                  value={form.city}
                  id="va-city"
                  onChange={(e) => update({ city: e.target.value })}
                  autoComplete="address-level2"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item label="State" {...field('state')}>
                <Input
                  value={form.state}
                  id="va-state"
                  onChange={(e) => update({ state: e.target.value })}
                  autoComplete="address-level1"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item label="ZIP Code" {...field('zipCode')}>
                <Input
                  value={form.zipCode}
                  id="va-zipCode"
                  onChange={(e) => update({ zipCode: e.target.value })}
                  autoComplete="postal-code"
                />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title="Terms & Conditions">
          {/* A scrolling box: focusable so that a keyboard can scroll it too. */}
          <div className={styles.terms} tabIndex={0} role="region" aria-label="Terms and conditions">
            <p>By submitting this application, you agree to be contacted by {brand} regarding your application.</p>
            <p>
              If your application is approved, you will be asked to sign a partnership agreement covering the terms of
              the partnership, commission rates and service standards.
            </p>
            <p>Partnerships are reviewed periodically to make sure they continue to meet our members' expectations.</p>
            <p>{brand} may terminate a partnership at its discretion.</p>
          </div>
          <Form.Item {...field('termsAccepted')}>
            <Checkbox checked={form.termsAccepted} onChange={(e) => update({ termsAccepted: e.target.checked })}>
              I agree to the terms and conditions
            </Checkbox>
          </Form.Item>
        </Section>

        {/* Honeypot: hidden from people, filled by bots. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label>
            Leave this field empty
            <input
              tabIndex={-1}
              autoComplete="off"
              name="bot_check"
              value={form.bot_check}
              onChange={(e) => update({ bot_check: e.target.value })}
            />
          </label>
        </div>

        <Button type="primary" htmlType="submit" size="large" block disabled={submitting} className={styles.submit}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </Button>
      </Form>
    </main>
  );
}
