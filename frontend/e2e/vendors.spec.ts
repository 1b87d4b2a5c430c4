import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './support/admin';

// Set to a folder to keep screenshots of the screens at phone and desktop widths.
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openVendorsTab(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Vendors' }).click();
  await expect(page.getByRole('button', { name: 'Add New Vendor' })).toBeEnabled();
}

test.describe('vendors', () => {
  test('an admin adds a vendor through the 3-step wizard with the local places search', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVendorsTab(page);
    await page.getByRole('button', { name: 'Add New Vendor' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Add New Vendor - Business Search')).toBeVisible();

    // Step 1 needs a chosen business.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please search and select a business before continuing')).toBeVisible();

    await dialog.getByLabel('Search for a business').fill('zzqx unknown');
    await expect(dialog.getByText('No results found. Try a different search term.')).toBeVisible();
    await dialog.getByLabel('Search for a business').fill('claridges london');
    const suggestion = dialog.getByRole('option').filter({ hasText: "Claridge's" });
    await expect(suggestion).toContainText('49 Brook Street, London, United Kingdom');
    await shot(page, 'wizard-search-1440');
    await suggestion.click();
    await expect(dialog.getByLabel('Business Name')).toHaveValue("Claridge's");
    await expect(dialog.getByLabel('Street Address')).toHaveValue('49 Brook Street');
    await expect(dialog.getByLabel('City')).toHaveValue('London');
    await expect(dialog.getByLabel('ZIP Code')).toHaveValue('W1K 4HR');
    await expect(dialog.getByLabel('Country')).toHaveValue('United Kingdom');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 2: the category was guessed from the place (a hotel).
    await expect(dialog.getByText('Add New Vendor - Select Category')).toBeVisible();
    await expect(dialog.getByText('Luxury Accommodations')).toBeVisible();
    await expect(dialog.getByText('Luxury Hotels')).toBeVisible();
    await dialog.getByLabel('Description').fill('Art Deco icon of Mayfair.');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByText('Add New Vendor - Business Search')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 3: contact, then save.
    await expect(dialog.getByText('Add New Vendor - Contact Information')).toBeVisible();
    await dialog.getByLabel('Contact Name').fill('Harriet Windsor');
    await dialog.getByLabel('Contact Email').fill('harriet@claridges.example');
    await shot(page, 'wizard-contact-1440');
    await dialog.getByRole('button', { name: 'Save Vendor' }).click();
    await expect(page.getByText('Vendor Created')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('vendor-card').filter({ hasText: "Claridge's" });
    await expect(card).toContainText('Luxury Accommodations');
    await expect(card).toContainText('49 Brook Street, London');

    // Editing opens at the saved step.
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog').getByText('Edit Vendor - Contact Information')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Contact Name')).toHaveValue('Harriet Windsor');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Vendor' }).click();
    await expect(page.getByText('Vendor Updated')).toBeVisible();
    await shot(page, 'vendors-tab-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'vendors-tab-375');
  });

  test('a business applies through the public form, and once approved appears in the vendor grid', async ({ page }) => {
    const business = `Maison Lumière ${Date.now()}`;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/vendor-onboarding');
    await expect(page.getByRole('heading', { name: 'Become a Vendor Partner' })).toBeVisible();
    await page.goto('/vendor-apply');
    await shot(page, 'apply-375');

    // Every rule speaks under its field.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Business name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please select at least one category')).toBeVisible();
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    await shot(page, 'apply-errors-375');

    await page.getByLabel('Business Name').fill(business);
    await page.getByLabel('Contact Person').fill('Élise Martin');
    await page.getByLabel('Email Address').fill('elise@maisonlumiere.example');
    await page.getByLabel('Phone Number').fill('+1 305 555 0199');
    await page.getByLabel('Business Description').fill('Private dining and event space overlooking Biscayne Bay.');
    await page.getByRole('checkbox', { name: 'Event Space' }).check();
    await page.getByRole('checkbox', { name: 'Restaurant' }).check();

    // Choosing a place fills the address.
    await page.getByLabel('Search for your business or address').fill('Faena');
    await page.getByRole('option').filter({ hasText: 'Faena Hotel Miami Beach' }).click();
    await expect(page.getByLabel('Street Address')).toHaveValue('3201 Collins Avenue');
    await expect(page.getByLabel('City')).toHaveValue('Miami Beach');
    await expect(page.getByLabel('State')).toHaveValue('FL');
    await expect(page.getByLabel('ZIP Code')).toHaveValue('33140');
    // The name typed first is kept.
    await expect(page.getByLabel('Business Name')).toHaveValue(business);

    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
    await expect(page.getByText('elise@maisonlumiere.example')).toBeVisible();
    await shot(page, 'apply-success-375');
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.setViewportSize({ width: 1440, height: 900 });
    await openVendorsTab(page);
    const application = page.getByTestId('vendor-application').filter({ hasText: business });
    await expect(application).toContainText('pending');
    await expect(application).toContainText('elise@maisonlumiere.example');
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(application).toContainText('Approved and added to vendor directory');
    await expect(application).toContainText('Approved by admin');
    await expect(application.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const card = page.getByTestId('vendor-card').filter({ hasText: business });
    await expect(card).toContainText('Exclusive Experiences');
    await expect(card).toContainText('3201 Collins Avenue, Miami Beach, FL 33140');
    await shot(page, 'applications-1440');
  });
});
