import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The house-style checks run on a screen once it is drawn: what axe finds, and what it cannot
 * see (a box running off the right edge of a page that hides horizontal overflow, a heading or a
 * button cut by an ellipsis, the contrast of states that come and go). Each answers a list of
 * readable findings, so that one assertion can name everything wrong with a screen.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Nodes named per axe rule; the rest are counted, so that one rule on every row stays one line. */
const NODES_PER_RULE = 4;

/**
 * Waits until the screen holds still: web fonts loaded (a late font changes every width), and no
 * finite animation or transition still running (a dialog zooming in, a toast sliding down). The
 * contexts also ask for reduced motion, which most of the motion honours; what does not is waited
 * out here. Endless animations (a spinner) are left running: they never settle.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Something that keeps restarting a finite animation never settles: measure it as it stands.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((animation) => {
              if (animation.playState !== 'running') return false;
              const timing = animation.effect?.getComputedTiming();
              return timing ? Number.isFinite(timing.endTime as number) : false;
            }).length,
        ),
      { timeout: 5_000 },
    )
    .toBe(0)
    .catch(() => undefined);
  // Two frames: what the last animation's end changed has been laid out and painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Nothing axe finds serious, and nothing past the right edge, at a phone's width and a desktop's
 * (the page is left at the last). Each width is measured once the screen holds still: a toast
 * still fading in has the contrast of half its colour, and a layout still following the new width
 * reaches past its edge.
 */
export async function expectInHouseStyle(page: Page): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    expect(await axeFindings(page), `axe at ${width} px`).toEqual([]);
    expect(await overflowFindings(page), `the right edge at ${width} px`).toEqual([]);
  }
}

/** axe's findings of impact serious or critical, one line per rule, naming the first nodes. */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.slice(0, NODES_PER_RULE).map((node) => {
        const summary = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
        const text = node.html.replace(/\s+/g, ' ').slice(0, 90);
        return `      ${node.target.join(' ')}  ${text}${summary ? `\n        ${summary}` : ''}`;
      });
      const more = violation.nodes.length - NODES_PER_RULE;
      if (more > 0) nodes.push(`      … and ${more} more`);
      return `axe ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
    });
}

/**
 * Elements whose box reaches past the viewport's right edge. The pages hide horizontal overflow,
 * so the document never scrolls sideways and a scrollWidth check passes while the visitor sees a
 * panel cut at the edge: every visible element is measured instead. Left out: what is inside an
 * element that scrolls sideways on purpose (a table, a chip row), what an ancestor narrower than
 * the page clips (that ancestor is measured itself), and what is hidden for all but screen
 * readers. Only the outermost element of a run is named, with the count of those inside it.
 */
export async function overflowFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const SLACK = 1;

    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        let part = at.tagName.toLowerCase();
        if (at.id) {
          parts.unshift(`${part}#${at.id}`);
          break;
        }
        const classes = [...at.classList].filter((name) => !/^(ant-.*-(css-var|motion)|css-)/.test(name)).slice(0, 2);
        if (classes.length) part += `.${classes.join('.')}`;
        const label = at.getAttribute('aria-label') ?? at.getAttribute('role');
        if (label && parts.length === 0)
          part += `[${at.hasAttribute('aria-label') ? 'aria-label' : 'role'}="${label}"]`;
        parts.unshift(part);
      }
      return parts.join(' > ');
    };
    const textOf = (element: Element) =>
      ((element as HTMLElement).innerText ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);

    /** Hidden for everyone but screen readers: clipped to nothing, or a box of a pixel or less. */
    const visuallyHidden = (element: Element, style: CSSStyleDeclaration, rect: DOMRect) =>
      rect.width <= 1 ||
      rect.height <= 1 ||
      /rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)|rect\(\s*1px[ ,]+1px[ ,]+1px[ ,]+1px\s*\)/.test(
        style.clip,
      ) ||
      /inset\(\s*50%|circle\(\s*0/.test(style.clipPath) ||
      element.closest('[hidden], [inert]') !== null;

    /** True when an ancestor scrolls sideways on purpose, or clips the element inside the page. */
    const containedByAncestor = (element: Element): boolean => {
      for (
        let at = element.parentElement;
        at && at !== document.body && at !== document.documentElement;
        at = at.parentElement
      ) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          if (at.getBoundingClientRect().right <= viewport + SLACK) {
            // A full-width section that hides what leaves the page is the page's own edge, not a panel.
            const full =
              at.getBoundingClientRect().left <= SLACK && at.getBoundingClientRect().right >= viewport - SLACK;
            if (!full) return true;
          }
        }
      }
      return false;
    };

    const offenders: Element[] = [];
    const numbers = new Map<Element, string>();
    for (const element of document.body.querySelectorAll('*')) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewport + SLACK || rect.left >= viewport) continue;
      const style = getComputedStyle(element);
      if (visuallyHidden(element, style, rect)) continue;
      if (element.closest('[aria-hidden="true"]') && !textOf(element)) continue;
      if (containedByAncestor(element)) continue;
      offenders.push(element);
      numbers.set(
        element,
        `right edge ${Math.round(rect.right)} > viewport ${viewport} (left ${Math.round(rect.left)}, width ${Math.round(rect.width)})`,
      );
    }
    const set = new Set(offenders);
    const outermost = offenders.filter((element) => {
      for (let at = element.parentElement; at; at = at.parentElement) if (set.has(at)) return false;
      return true;
    });
    return outermost.map((element) => {
      const inside = offenders.filter((other) => other !== element && element.contains(other)).length;
      const text = textOf(element);
      return `overflow ${describe(element)}${text ? ` "${text}"` : ''}: ${numbers.get(element)}${inside ? `; ${inside} elements inside it too` : ''}`;
    });
  });
}

/**
 * Primary headings (h1, h2) and buttons whose text an ellipsis cuts: text-overflow: ellipsis with
 * more text than room (scrollWidth > clientWidth), or a line clamp with more lines than room.
 */
export async function ellipsisFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const roots = document.querySelectorAll('h1, h2, button, [role="button"], a.ant-btn, [role="tab"]');
    const seen = new Set<Element>();
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (seen.has(element) || !(element instanceof HTMLElement)) continue;
        seen.add(element);
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const style = getComputedStyle(element);
        const cutAcross = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
        const clamp = style.getPropertyValue('-webkit-line-clamp');
        const cutDown = clamp !== '' && clamp !== 'none' && element.scrollHeight > element.clientHeight + 1;
        if (!cutAcross && !cutDown) continue;
        const kind = root.tagName === 'H1' || root.tagName === 'H2' ? root.tagName.toLowerCase() : 'button';
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}`;
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
        found.push(
          cutAcross
            ? `ellipsis on ${kind} ${name} "${text}": text ${element.scrollWidth} px wide in ${element.clientWidth} px`
            : `line clamp on ${kind} ${name} "${text}": text ${element.scrollHeight} px tall in ${element.clientHeight} px`,
        );
      }
    }
    return found;
  });
}

export interface Contrast {
  text: string;
  ratio: number;
  needed: number;
  colour: string;
  background: string;
  fontSize: number;
}

/**
 * The contrast of every piece of text inside `scope` against what is actually behind it: the
 * text's computed colour over the first ancestor with a background colour, each colour with
 * transparency laid over the one behind it, down to the canvas. Colours go through a canvas so
 * that any CSS form (oklch, color-mix, named) is read as the browser paints it. Large text (24 px,
 * or 18.66 px bold) needs 3:1, the rest 4.5:1.
 */
export async function contrastOf(scope: Locator): Promise<Contrast[]> {
  return scope.evaluate((root) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
    const backgroundBehind = (element: Element): number[] => {
      const layers: number[][] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const colour = rgba(getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let base = [255, 255, 255, 1];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const hex = (c: number[]) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;

    const results = [];
    const elements = [root, ...root.querySelectorAll('*')];
    for (const element of elements) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (!own || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const background = backgroundBehind(element);
      const colour = over(rgba(style.color), background);
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
      const fontSize = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const large = fontSize >= 24 || (bold && fontSize >= 18.66);
      results.push({
        text: own.slice(0, 60),
        ratio: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
        needed: large ? 3 : 4.5,
        colour: hex(colour),
        background: hex(background),
        fontSize,
      });
    }
    return results;
  });
}

/** The pieces of text in `scope` below their contrast, one line each. */
export async function contrastFindings(scope: Locator): Promise<string[]> {
  const measured = await contrastOf(scope);
  if (measured.length === 0) return ['no text found to measure'];
  return measured
    .filter((item) => item.ratio < item.needed)
    .map(
      (item) =>
        `contrast "${item.text}": ${item.ratio}:1 (needs ${item.needed}:1), ${item.colour} on ${item.background} at ${item.fontSize} px`,
    );
}
