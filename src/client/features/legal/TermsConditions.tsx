import { Link } from 'wouter';
import { ACADEMY, BUSINESS } from '../../../shared/business';
import { ROUTES } from '../../../shared/routes';
import { BusinessAddress, BusinessMail } from './BusinessContact';
import { LegalDocument, type LegalSection } from './LegalDocument';

const mail = <BusinessMail />;

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply when you use this website or buy services from {BUSINESS.legalName}, a company
          registered in England and Wales, trading as {BUSINESS.name}, of <BusinessAddress /> (&quot;we&quot;,
          &quot;us&quot;). By using the website you accept them. Please read them with our{' '}
          <Link href={ROUTES.privacyPolicy}>privacy policy</Link>.
        </p>
        <p>
          If you are a consumer, nothing in these terms affects your statutory rights under the Consumer
          Rights Act 2015 or the Consumer Contracts (Information, Cancellation and Additional Charges)
          Regulations 2013.
        </p>
      </>
    ),
  },
  {
    id: 'using-the-website',
    title: 'Using our website',
    body: (
      <ul>
        <li>You may read, share and link to our pages for personal and non-commercial purposes.</li>
        <li>
          You must not misuse the site: no attempts to break in, overload it, send spam through our forms or
          collect other people&apos;s data.
        </li>
        <li>
          We work hard to keep the site accurate and available, but we cannot promise it will always be
          error-free or uninterrupted.
        </li>
        <li>
          Links to other websites (for example our newsletter platform) are for your convenience; we are not
          responsible for their content.
        </li>
      </ul>
    ),
  },
  {
    id: 'advertising',
    title: 'Advertising, sponsored editorials and campaigns',
    body: (
      <>
        <p>
          When you ask us about advertising we send you a written quote. A booking is confirmed when you
          accept the quote in writing (an email is fine). The quote sets out what is included, the publication
          dates and the price.
        </p>
        <ul>
          <li>
            You must have the right to use everything you send us (text, logos, photographs) and your advert
            must be legal, decent, honest and truthful, as the UK Code of Non-broadcast Advertising (CAP Code)
            requires.
          </li>
          <li>
            We may decline or ask you to change an advert that breaks the CAP Code or the law, or that could
            harm our readers.
          </li>
          <li>
            Sponsored editorials are always labelled as sponsored. You approve the final text before we
            publish it.
          </li>
          <li>
            Invoices are payable within 14 days unless your quote says otherwise. Prices include VAT where it
            applies.
          </li>
          <li>
            You can cancel a booking free of charge up to 14 days before the copy deadline. After that we may
            charge for work already done.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'free-websites',
    title: 'Free websites',
    body: (
      <>
        <p>
          Our free website offer is open to Hertfordshire residents and businesses only. There are no setup
          fees and no monthly costs for the website we design, build and host for you.
        </p>
        <ul>
          <li>We may ask for reasonable proof that you live or trade in Hertfordshire.</li>
          <li>
            If you want your own domain name (for example yourbusiness.co.uk), you register and pay for it
            yourself with a registrar of your choice; we will help you connect it.
          </li>
          <li>
            You are responsible for the content you ask us to publish. We may remove content that is unlawful
            or breaks these terms.
          </li>
          <li>
            You own your content. We keep the rights in our designs and code, and give you a free licence to
            use them for your website.
          </li>
          <li>
            You may ask us to take your website down at any time. We will give at least 3 months&apos; notice
            if we ever end the free offer, and help you move your content elsewhere.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'newsletters',
    title: 'Newsletters',
    body: (
      <p>
        Our newsletters are free. You can unsubscribe at any time with the link in every email. We choose what
        we publish and may change how often we send or stop a newsletter.
      </p>
    ),
  },
  {
    id: 'academy',
    title: ACADEMY.name,
    body: (
      <>
        <p>
          {ACADEMY.name} plans are monthly subscriptions taken out by a parent or guardian, who must be 18 or
          over. The price and what is included are shown on the plan before you pay. Payments are taken by
          Stripe.
        </p>
        <ul>
          <li>
            You may cancel within 14 days of subscribing for a full refund. If sessions have already taken
            place at your request, we may deduct a fair amount for them.
          </li>
          <li>
            After that you can cancel at any time; your plan ends at the end of the month you have paid for.
          </li>
          <li>
            Children must follow our session guidelines, and a parent or guardian is responsible for their
            child&apos;s device and internet connection.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our content',
    body: (
      <p>
        The text, images, podcasts, logos and design of this website belong to us or to the people who
        licensed them to us. You may not copy them for commercial use without our written permission. Partner
        logos are shown with the permission of their owners.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these
          terms or failing to use reasonable care and skill. We are not responsible for loss that was not
          foreseeable, or for loss of business, profit or opportunity when you use our services for business
          purposes.
        </p>
        <p>
          For business customers, our total liability for any booking is limited to the price paid for it.
          Nothing in these terms limits our liability for death or personal injury caused by our negligence,
          for fraud, or for anything else that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'complaints-and-law',
    title: 'Complaints and the law that applies',
    body: (
      <p>
        If something goes wrong, please tell us at {mail} and we will do our best to put it right quickly.
        These terms are governed by the law of England and Wales, and the courts of England and Wales have
        jurisdiction, although if you are a consumer living in Scotland or Northern Ireland you may also bring
        proceedings there.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time and will change the &quot;last updated&quot; date when we
        do. The terms in force when you place a booking or start a subscription apply to it.
      </p>
    ),
  },
];

export function TermsConditions() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro={
        <p>
          The rules for using the {BUSINESS.name} website, and the terms on which we provide advertising, free
          websites, newsletters and the {ACADEMY.name} programme.
        </p>
      }
      sections={sections}
    />
  );
}
