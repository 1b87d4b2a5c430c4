import { expect, test, type Page } from '@playwright/test';
import { axeFindings, contrastFindings, ellipsisFindings, overflowFindings, settle } from './support/house-checks';

/**
 * The house-style checks themselves, on small pages made to hold one defect each: a check that
 * found nothing on every screen would otherwise look the same as a check that cannot find
 * anything. No app is needed: each page is set as content.
 */

const PHONE = { width: 375, height: 812 };

async function show(page: Page, body: string, css = ''): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Check</title><style>
       html, body { margin: 0; overflow-x: hidden; font: 16px/1.4 sans-serif; background: #111; color: #f4efe6; }
       ${css}
     </style></head><body><main>${body}</main></body></html>`,
  );
  await settle(page);
}

test.describe('the house-style checks', () => {
  test('name a panel that runs off the right edge of a page that hides horizontal overflow', async ({ page }) => {
    await show(
      page,
      `<section class="panel"><p>Welcome</p><button class="again">REQUEST&nbsp;ANOTHER&nbsp;INVITATION&nbsp;FOR&nbsp;THE&nbsp;EVENING</button></section>`,
      `.panel { display: grid; grid-template-columns: 1fr; padding: 24px; }
       .again { font-size: 20px; letter-spacing: 0.2em; white-space: nowrap; }`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // The grid's track grows to the button's unbreakable text: both of the panel's children leave the page.
    const findings = await overflowFindings(page);
    expect(findings).toHaveLength(2);
    expect(findings[1]).toMatch(
      /^overflow main > section\.panel > button\.again "REQUEST ANOTHER INVITATION FOR THE EVENING": right edge \d+ > viewport 375 \(left 24, width \d+\)$/,
    );
  });

  test('leave alone what scrolls sideways on purpose, what is hidden for screen readers, and what a panel clips', async ({
    page,
  }) => {
    await show(
      page,
      `<div class="rail"><span class="wide">A table wider than the phone</span></div>
       <span class="sr-only">Only for screen readers, placed far to the right</span>
       <div class="card"><span class="wide">Cut inside the card, not at the page's edge</span></div>`,
      `.rail { overflow-x: auto; } .wide { display: inline-block; width: 900px; }
       .sr-only { position: absolute; left: 600px; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
       .card { width: 200px; overflow: hidden; }`,
    );
    expect(await overflowFindings(page)).toEqual([]);
  });

  test('name a heading and a button cut by an ellipsis, not one that fits', async ({ page }) => {
    await show(
      page,
      `<h1 class="title">Yacht charter in Monaco for the Grand Prix weekend</h1>
       <h2 class="fits">Short</h2>
       <button><span class="label">Continue conversation with the concierge</span></button>`,
      `.title, .fits, .label { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
       .title { width: 120px; } .fits { width: 300px; } .label { display: block; width: 90px; }`,
    );
    const findings = await ellipsisFindings(page);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatch(/^ellipsis on h1 h1\.title "Yacht charter in Monaco.*": text \d+ px wide in 120 px$/);
    expect(findings[1]).toMatch(
      /^ellipsis on button span\.label "Continue conversation.*": text \d+ px wide in 90 px$/,
    );
  });

  test('report serious axe findings and leave out the minor ones', async ({ page }) => {
    await show(page, `<button class="icon"></button><h3>Skipped heading level (moderate)</h3>`);
    const findings = await axeFindings(page);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^axe button-name \(critical\)/);
    expect(findings[0]).toContain('<button class="icon"></button>');
  });

  test('compute contrast against the background actually behind the text, through transparent layers', async ({
    page,
  }) => {
    await show(
      page,
      `<div class="blush"><div class="layer"><p class="ivory">Your card was declined.</p></div></div>
       <div class="ink"><p class="gold">Readable gold on ink</p><p class="big">Large dim text</p></div>`,
      `.blush { background: #f9e1e1; } .layer { background: transparent; } .ivory { color: #f4efe6; }
       .ink { background: rgba(0, 0, 0, 0.9); } .gold { color: oklch(0.8 0.1 85); }
       .big { font-size: 28px; color: #6f6f6f; }`,
    );
    const declined = await contrastFindings(page.locator('.blush'));
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatch(/^contrast "Your card was declined\.": 1\.\d+:1 \(needs 4\.5:1\), #f4efe6 on #f9e1e1/);
    // The ink is laid over the page's near-black; large text needs 3:1.
    expect(await contrastFindings(page.locator('.ink'))).toEqual([]);
  });
});
