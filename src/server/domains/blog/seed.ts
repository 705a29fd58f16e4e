import { sql } from 'drizzle-orm';
import { slugify } from '../../../shared/blog-publishing';
import type { SeedSet } from '../../platform/db/seed';
import { blogPosts } from './tables';
import { htmlToText } from './post-content';

type NewPost = typeof blogPosts.$inferInsert;

// Three published posts, so a new install's blog is not empty. The admin can edit or delete them.
const blogPostsSeed: NewPost[] = [
  {
    title: 'Five ways to get your shop noticed on a Hertfordshire high street',
    category: 'Marketing Tips',
    excerpt:
      'Footfall in our market towns is recovering, but shoppers have more choice than ever. Here are five low-cost ways independent shops in Hertford, Ware and Hitchin are standing out.',
    imageUrl: '/images/blog/market-town-high-street.webp',
    publishedAt: new Date('2025-03-12T09:00:00Z'),
    createdAt: new Date('2025-03-12T09:00:00Z'),
    updatedAt: new Date('2025-03-12T09:00:00Z'),
    content: `<p>Walk down Fore Street in Hertford or Bancroft in Hitchin on a Saturday morning and you will see it: people are coming back to the high street. The shops that win their custom are rarely the ones with the biggest budgets. They are the ones local people have heard of.</p>
<h2>1. Be findable before people leave the house</h2>
<p>Most shoppers check their phone before they set off. Make sure your opening hours, address and phone number are correct on your own website and on map listings, and update them for bank holidays.</p>
<h2>2. Tell your story in the local newsletter</h2>
<p>A short sponsored feature about who you are and why you opened does more than a discount code. Readers of community newsletters are, by definition, people who care about what happens in their town.</p>
<h2>3. Join up with your neighbours</h2>
<p>A late-night shopping evening, a loyalty card shared by three or four shops, or a joint stall at the farmers' market spreads the cost and doubles the reach.</p>
<h2>4. Ask for reviews, politely and in person</h2>
<p>Happy customers rarely leave a review unless you ask. A small card at the till with a short link works well.</p>
<h2>5. Measure one thing</h2>
<p>Pick one number, such as new customers a week, and ask every new face how they heard about you. After a month you will know which of the above is worth doing again.</p>
<blockquote><p>If you would like help with any of these, our team works with more than 580 local businesses across the county. Get in touch and we will give you an honest view of what would work for you.</p></blockquote>`,
  },
  {
    title: 'Why local newsletters still beat social media for small businesses',
    category: 'Local Advertising',
    excerpt:
      'Social media reach keeps falling, and paid posts get more expensive every year. A community newsletter lands in an inbox that belongs to someone who lives down the road.',
    imageUrl: '/images/blog/community-newsletter.webp',
    publishedAt: new Date('2025-04-23T08:30:00Z'),
    createdAt: new Date('2025-04-23T08:30:00Z'),
    updatedAt: new Date('2025-04-23T08:30:00Z'),
    content: `<p>Ask a local plumber, café owner or dance teacher where their customers come from and the answer is almost always the same: word of mouth. A good community newsletter is word of mouth, written down and delivered every month.</p>
<h2>People choose to receive it</h2>
<p>Every one of our readers signed up because they want to know what is going on in their town. That is a very different frame of mind from scrolling past adverts between friends' holiday photos.</p>
<h2>Your advert stays put</h2>
<p>A social post is gone from most feeds within a day. A newsletter sits in the inbox, gets forwarded to neighbours and is often opened more than once.</p>
<h2>It is local by design</h2>
<p>There is no wasted spend on people in Manchester who will never visit your shop in Ware. Each edition covers one area, so your message reaches the people who can actually become customers.</p>
<ul><li>Over 10,000 subscribers across our Hertfordshire editions</li><li>Placements from a single line to a full sponsored editorial</li><li>A simple report each month showing opens and clicks</li></ul>
<p>Social media still has its place, especially for showing your personality. But if you want the phone to ring, start with the people who already live nearby.</p>`,
  },
  {
    title: 'A free website for Hertfordshire businesses: what is included and what is the catch?',
    category: 'Free Websites',
    excerpt:
      'We build websites for Hertfordshire residents and businesses with no setup fee and no monthly cost. People understandably ask what the catch is, so here is the whole story.',
    imageUrl: '/images/blog/free-website-laptop.webp',
    publishedAt: new Date('2025-05-28T10:00:00Z'),
    createdAt: new Date('2025-05-28T10:00:00Z'),
    updatedAt: new Date('2025-05-28T10:00:00Z'),
    content: `<p>Plenty of good local businesses still have no website, or one that was built by a nephew in 2014 and has not been touched since. We think every business in the county deserves a simple, fast site that shows up when people search for it, so we build them for free.</p>
<h2>What you get</h2>
<ul><li>A clean, mobile-friendly site of up to five pages</li><li>Your opening hours, services, photos and a contact form</li><li>Set up so that it can be found on search engines and maps</li><li>No setup fee and no monthly cost</li></ul>
<h2>So what is the catch?</h2>
<p>Honestly, there is not much of one. The offer is only open to Hertfordshire residents and businesses, because we want to strengthen the local economy we depend on. Many of the businesses we build sites for later choose to advertise with us, but there is no obligation to do so.</p>
<h2>How to get started</h2>
<p>Send us a message through the contact form with a few lines about your business. We will reply within 24 hours to arrange a short call, then get to work. Most sites are live within two weeks.</p>`,
  },
];

export const blogSeeds: SeedSet[] = [
  {
    key: 'blog-posts:v1',
    apply: async (tx) => {
      // As migration 0010 did for posts that existed then: slug from the title, category as first tag.
      await tx.insert(blogPosts).values(
        blogPostsSeed.map((post) => ({
          ...post,
          slug: slugify(post.title),
          status: post.publishedAt ? 'published' : 'draft',
          // Stored as a saved post's is: a heading or list item ends as a sentence, so a search
          // snippet does not run it into the next.
          contentText: htmlToText(post.content),
          tagsText: post.category ?? '',
        })),
      );
      await tx.execute(sql`
        insert into tags (name, slug)
        select distinct on (lower(trim(category))) trim(category), trim(both '-' from regexp_replace(lower(trim(category)), '[^a-z0-9]+', '-', 'g'))
        from blog_posts where trim(category) <> ''
        on conflict do nothing`);
      await tx.execute(sql`
        insert into post_tags (post_id, tag_id, position)
        select p.id, t.id, 0 from blog_posts p join tags t on lower(t.name) = lower(trim(p.category))
        on conflict do nothing`);
      // The published posts' words, each with how many use them (search-words.ts).
      await tx.execute(sql`
        insert into blog_search_words (word, posts)
        select word, ndoc from ts_stat('select to_tsvector(''simple'', title || '' '' || tags_text || '' '' || excerpt || '' '' || content_text) from blog_posts where status = ''published''')
        on conflict (word) do update set posts = excluded.posts`);
    },
  },
];
