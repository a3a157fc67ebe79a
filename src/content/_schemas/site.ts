// Schema of the copy every public page shares: header, footer, partners and consent banner (src/content/site/site.yaml).
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';
import { template, text } from './text.ts';

export const siteSchema = z
  .object({
    header: z
      .object({
        brand: text('Site name in the header'),
        mainLabel: text('Name of the main navigation for screen readers'),
        howItWorks: text('Menu link to How it works'),
        pricing: text('Menu link to Pricing'),
        features: text('Menu link to Features'),
        blog: text('Menu link to the blog'),
        joinWithGoogle: text('Google sign-in button (signed out)'),
        startForFree: text('Sign-up button (signed out)'),
        goToDashboard: text('Dashboard button (signed in)'),
        accountMenu: text('Name of the account button for screen readers'),
        myAccount: text('Account menu: My Account'),
        dashboard: text('Account menu: Dashboard'),
        settings: text('Account menu: Settings'),
        terms: text('Account menu: Terms and Conditions'),
        privacy: text('Account menu: Privacy Policy'),
        support: text('Account menu: Support'),
        logOut: text('Account menu: Log out'),
        menu: text('Button that opens the mobile menu'),
        closeMenu: text('Button that closes the mobile menu'),
        darkTheme: text('Screen-reader name of the dark theme switch (read as pressed or not)'),
      })
      .strict()
      .describe('Header (every public page)'),
    partners: z
      .array(
        z
          .object({
            name: text('Partner name, shown in the footer and as the badge text'),
            href: z.string().url('Give the full partner address, starting with https://').describe('Partner website'),
            badge: z.string().regex(/^\/badges\/[a-z0-9-]+\.svg$/, 'Badges are SVG files in public/badges, written as /badges/name.svg').describe('Badge image (an SVG file in public/badges)'),
          })
          .strict(),
      )
      .min(1, 'Give at least one partner')
      .describe('Partner sites: the footer column and the scrolling badges'),
    footer: z
      .object({
        productTitle: text('Footer column heading: product links'),
        howItWorks: text('Footer link to How it works'),
        features: text('Footer link to Features'),
        pricing: text('Footer link to Pricing'),
        updates: text('Footer link to Updates'),
        toolsTitle: text('Footer column heading: tools'),
        allTools: text('Footer link to the tools hub'),
        companyTitle: text('Footer column heading: company'),
        blog: text('Footer link to the blog'),
        support: text('Footer link to support (opens an email)'),
        signIn: text('Footer link to sign in'),
        signUp: text('Footer link to sign up'),
        venturesTitle: text('Footer column heading: partner sites'),
        partnersLabel: text('Name of the badge strip for screen readers'),
        legalTitle: text('Footer column heading: legal pages'),
        terms: text('Footer link to the Terms of Service'),
        privacy: text('Footer link to the Privacy Policy'),
        copyright: z
          .string()
          .refine((value) => value.includes('{year}'), { message: 'The copyright line must contain {year}, which the page replaces with the current year' })
          .describe('Copyright line (must contain {year})'),
      })
      .strict()
      .describe('Footer (every public page)'),
    pages: z
      .object({
        legalTitle: template('Browser tab title of a legal page', 'title'),
        lastUpdated: text('Label before the date on the privacy policy (spec: Last updated)'),
        updates: z.object({ seo: seoSchema, heading: text('Main heading of /updates') }).strict().describe('Product updates page'),
        notFound: z
          .object({
            seo: seoSchema,
            code: text('Small line above the heading'),
            heading: text('Main heading of the not-found page'),
            body: text('Paragraph under the heading'),
            home: text('Link to the home page'),
            tools: text('Link to the tools hub'),
            calculator: text('Link to the calculator'),
          })
          .strict()
          .describe('Page not found'),
      })
      .strict()
      .describe('Small pages: legal page labels, product updates, page not found'),
    consent: z
      .object({
        label: text('Name of the cookie banner for screen readers'),
        message: text('Banner text asking for analytics consent'),
        privacyLink: text('Link to the Privacy Policy in the banner'),
        decline: text('Decline button'),
        accept: text('Accept button'),
      })
      .strict()
      .describe('Cookie consent banner'),
    localSignIn: z
      .object({
        title: text('Heading of the dialog'),
        note: text('Why it appears and what it does'),
        email: text('Email field label'),
        name: text('Name field label'),
        cancel: text('Button that closes the dialog'),
        submit: text('Button that signs in'),
        failed: text('Shown when the local sign-in fails'),
      })
      .strict()
      .describe(
        "Local sign-in dialog on /signin, /signup and the public pages' sign-in buttons, shown instead of Google when the server runs without a Firebase project",
      ),
  })
  .strict();
