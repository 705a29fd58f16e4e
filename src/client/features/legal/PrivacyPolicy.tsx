import { Link } from 'wouter';
import { ACADEMY, BUSINESS } from '../../../shared/business';
import { ROUTES } from '../../../shared/routes';
import { BusinessAddress, BusinessMail, BusinessPhone } from './BusinessContact';
import { LegalDocument, type LegalSection } from './LegalDocument';

const mail = <BusinessMail />;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {BUSINESS.legalName} (&quot;{BUSINESS.name}&quot;, &quot;we&quot;, &quot;us&quot;) runs this website
          and the {ACADEMY.name} programme. We are the controller of the personal data described in this
          policy under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          You can contact us about anything in this policy by email at {mail}, by phone on <BusinessPhone />,
          or by post at {BUSINESS.legalName}, <BusinessAddress />.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <p>We only collect what you give us through our forms, and what our server needs to run safely.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Where</th>
              <th scope="col">What we collect</th>
              <th scope="col">Why, and our lawful basis</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Contact form</td>
              <td>
                Your name, email address, the subject and message you write, and the service you ask about.
              </td>
              <td>
                To answer your enquiry and, if you ask, to quote for or provide our services. Legitimate
                interests, or steps before entering into a contract with you.
              </td>
            </tr>
            <tr>
              <td>Newsletter signup</td>
              <td>Your email address, the date you signed up and the date you confirmed it.</td>
              <td>
                To send you the newsletter you asked for. Your consent, which you give by confirming your
                address and can withdraw at any time.
              </td>
            </tr>
            <tr>
              <td>{ACADEMY.name} free workshop reservation</td>
              <td>
                A parent&apos;s name, email address and mobile number; the child&apos;s first name and age;
                whether they will use a laptop or desktop.
              </td>
              <td>
                To reserve the workshop place, confirm it and send joining details. Steps before entering into
                a contract with the parent. We ask parents, not children, for these details.
              </td>
            </tr>
            <tr>
              <td>{ACADEMY.name} subscriptions</td>
              <td>
                The plan chosen and the email address given at checkout. Card details go straight to our
                payment provider, Stripe; we never see or store them.
              </td>
              <td>
                To provide the programme you paid for. Performance of a contract, and our legal duty to keep
                accounting records.
              </td>
            </tr>
            <tr>
              <td>Admin area</td>
              <td>Staff names, email addresses and securely hashed passwords.</td>
              <td>To let our team sign in and publish the blog. Legitimate interests.</td>
            </tr>
            <tr>
              <td>Every visit</td>
              <td>Technical logs: your IP address, the page requested, the time and your browser type.</td>
              <td>To keep the site secure, stop abuse and fix faults. Legitimate interests.</td>
            </tr>
          </tbody>
        </table>
        <p>
          We do not use your data for automated decision-making or profiling, and we never sell it. Our forms
          include hidden spam checks (a simple sum and a field that only robots fill in); these do not
          identify you.
        </p>
      </>
    ),
  },
  {
    id: 'newsletter',
    title: 'Our newsletter: double opt-in and unsubscribing',
    body: (
      <>
        <p>
          When you sign up we send one email asking you to confirm your address. We only send the newsletter
          once you have confirmed, as the Privacy and Electronic Communications Regulations (PECR) expect. If
          you do not confirm within 7 days, we delete your address.
        </p>
        <p>
          Every email we send has an unsubscribe link. When you use it we delete your address from our list
          straight away. Some of our town newsletters (Broxtown, Hertstown and Fieldtown) are delivered
          through an external newsletter platform; if you subscribe there, that platform&apos;s own privacy
          policy also applies.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your data',
    body: (
      <ul>
        <li>
          Enquiries from the contact form: 24 months from our last reply, then deleted, unless they led to a
          contract.
        </li>
        <li>Workshop reservations: 12 months after the workshop date, then deleted.</li>
        <li>Newsletter addresses: until you unsubscribe. Unconfirmed addresses: 7 days.</li>
        <li>
          Customer and payment records: 6 years after the end of the financial year they relate to, as UK tax
          law requires.
        </li>
        <li>Server logs: 30 days.</li>
        <li>
          Admin accounts: while the person works with us; sign-in sessions end when they sign out or the
          session expires.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We share personal data only with the service providers we need to run the business, under written
          contracts that require them to protect it:
        </p>
        <ul>
          <li>
            our web hosting provider, which stores the website and its database in the UK or the European
            Economic Area;
          </li>
          <li>our email provider, which delivers the emails we send;</li>
          <li>Stripe Payments UK Ltd, which processes card payments for the {ACADEMY.name} plans.</li>
        </ul>
        <p>
          Where a provider processes data outside the UK, we rely on UK adequacy regulations or the
          International Data Transfer Agreement approved by the Information Commissioner. We will also share
          data if the law requires us to, for example with the police or HMRC.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          Our public pages set no cookies at all and store nothing in your browser: no advertising trackers
          and no social media pixels. We do not load fonts, images or scripts from other companies&apos;
          servers, so visiting us does not tell anyone else.
        </p>
        <p>
          We count visits ourselves, on our own server, to know how many people read us. Each page you view
          sends us its address on our site, the page that linked to you (for the first page only), any
          campaign tags in the link and your window&apos;s width. We recognise a returning reader only within
          one day, by a code made from your internet address and browser with a key that changes every day and
          is then deleted, so nobody (including us) can follow you from one day to the next. We work out your
          country from your internet address at that moment; the address itself, your browser&apos;s details
          and the code are never shown to anyone, and the address is not stored. We count which page led to a
          newsletter signup, an enquiry, a workshop booking or a plan checkout, not who made it. Automated
          visitors and pages your browser only fetches in advance are not counted. Individual page views are
          deleted after 30 days; daily totals are kept for two years. The country comes from GeoLite2 data
          created by MaxMind, available from{' '}
          <a href="https://www.maxmind.com" rel="noopener noreferrer">
            www.maxmind.com
          </a>
          , kept on our own server.
        </p>
        <p>
          The admin area uses one strictly necessary cookie, called <code>session</code> (or{' '}
          <code>__Host-session</code> on our secure site), which keeps our staff signed in. It holds a random
          identifier, nothing else, and it ends when they sign out. Because it is strictly necessary for a
          service our staff ask for, PECR does not require consent for it. Visitors who never sign in never
          receive it.
        </p>
        <p>
          Our staff&apos;s own visits are not counted in our visitor figures while they are signed in. A
          member of staff can also choose to leave their own browser out of the figures when signed out: that
          choice is kept in that browser&apos;s local storage as one setting,{' '}
          <code>hlm:analytics-ignore</code>, and nothing is stored in anyone else&apos;s browser.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the UK GDPR you have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you (a subject access request);</li>
          <li>ask us to correct data that is wrong or incomplete;</li>
          <li>ask us to delete your data;</li>
          <li>
            ask us to restrict how we use your data, or object to our using it on the basis of legitimate
            interests;
          </li>
          <li>receive the data you gave us in a portable format;</li>
          <li>
            withdraw your consent at any time, for example by unsubscribing from the newsletter, without
            affecting what we did before.
          </li>
        </ul>
        <p>
          To use any of these rights, email {mail}. We will reply within one month, and there is normally no
          charge. We may ask you to confirm your identity first. A parent or guardian can make requests on
          behalf of a child.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your data safe',
    body: (
      <p>
        Our site is served over an encrypted connection, passwords are stored only as strong one-way hashes,
        the confirmation and unsubscribe links in our emails are stored only in hashed form, and only our
        staff can reach the admin area. If a breach ever put your data at risk, we would tell you and the
        Information Commissioner&apos;s Office as the law requires.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are unhappy with how we have handled your data, please tell us first at {mail} and we will try
        to put it right. You also have the right to complain to the Information Commissioner&apos;s Office
        (ICO), the UK&apos;s data protection regulator: visit{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a>, call 0303 123 1113, or
        write to the Information Commissioner&apos;s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire
        SK9 5AF.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update this page when our practices change, and change the &quot;last updated&quot; date
        above. If a change matters to how we use data you have already given us, we will tell you by email.
        Our <Link href={ROUTES.termsConditions}>terms and conditions</Link> explain the rules for using our
        website and services.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data {BUSINESS.name} collects through this website, why we
          collect it, how long we keep it and the rights you have over it. We have written it in plain
          English; if anything is unclear, just ask.
        </p>
      }
      sections={sections}
    />
  );
}
