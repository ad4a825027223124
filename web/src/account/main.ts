/**
 * The account pages' script: one bundle, and each page names its part in
 * `<body data-page="...">`. No inline script anywhere (the pages' CSP
 * forbids it); every text from the service or the person is set as text.
 */
import { dashboardPage } from './dashboard.js';
import { forgotPasswordPage, resetPasswordPage, signinPage, signupPage, verifyEmailPage } from './simple-pages.js';

const PAGES: Record<string, () => void | Promise<void>> = {
  signup: signupPage,
  signin: signinPage,
  'forgot-password': forgotPasswordPage,
  'reset-password': resetPasswordPage,
  'verify-email': verifyEmailPage,
  dashboard: dashboardPage,
};

const page = PAGES[document.body.dataset.page ?? ''];
if (page) void page();
