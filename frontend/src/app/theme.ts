import { theme, type ThemeConfig } from 'antd';

/** The house palette, shared by the Ant Design theme and app/global.css (keep both in step). */
export const palette = {
  ink: '#0b0b0c',
  inkRaised: '#141416',
  ivory: '#f4eee3',
  gold: '#c9a35b',
  goldLight: '#e2c98f',
  danger: '#e58d7e',
} as const;

export const fonts = {
  display: "'Cormorant Garamond', 'Cormorant', Garamond, 'Times New Roman', serif",
  text: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} as const;

export const antdTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: palette.gold,
    colorInfo: palette.gold,
    colorLink: palette.gold,
    // Success is the house's gold, not a stock green: a toast's tick, a finished step.
    colorSuccess: palette.goldLight,
    colorError: palette.danger,
    // Ant Design's dark algorithm darkens the error colour for text (Delete, Reject, Refund) below the
    // contrast text needs on a raised panel; the house's own red stays readable on every night surface.
    colorErrorText: palette.danger,
    colorErrorTextHover: '#f0a89b',
    colorErrorTextActive: palette.danger,
    colorBgBase: palette.ink,
    colorTextBase: palette.ivory,
    colorBgElevated: '#17171a',
    colorBorder: 'rgba(201, 163, 91, 0.28)',
    colorBorderSecondary: 'rgba(244, 238, 227, 0.08)',
    // Quieter text (hints, placeholders, a disabled button) still reads on the raised ink: Ant
    // Design's dark algorithm fades it further than text can go.
    colorTextTertiary: 'rgba(244, 238, 227, 0.6)',
    colorTextPlaceholder: 'rgba(244, 238, 227, 0.5)',
    colorTextDisabled: 'rgba(244, 238, 227, 0.56)',
    fontFamily: fonts.text,
    fontSize: 15,
    borderRadius: 2,
    borderRadiusLG: 3,
    controlHeight: 40,
    wireframe: false,
  },
  components: {
    // The landing page's buttons (.mf-btn in global.css): square, with no shadow; global.css sets
    // their tracked capitals, which tokens cannot.
    Button: {
      primaryColor: palette.ink,
      fontWeight: 500,
      borderRadius: 0,
      borderRadiusLG: 0,
      borderRadiusSM: 0,
      primaryShadow: 'none',
      defaultShadow: 'none',
      dangerShadow: 'none',
      defaultBorderColor: palette.gold,
      defaultColor: palette.gold,
      defaultBg: 'transparent',
      defaultHoverBg: 'rgba(201, 163, 91, 0.12)',
      defaultHoverColor: palette.goldLight,
      defaultHoverBorderColor: palette.goldLight,
    },
    Tag: { borderRadiusSM: 0 },
    Notification: { width: 380 },
  },
};
