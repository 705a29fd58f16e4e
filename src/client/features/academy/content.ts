// The landing page's words, in one place so they can be edited without touching layout code.
// Facts the server also relies on (plans, prices, the workshop date) live in src/shared/academy.ts.

export const TOP_FEATURES = [
  {
    icon: 'rocket',
    title: 'Future Ready Skills',
    text: 'Prompting well, checking what an AI tells you, and knowing when not to use it: habits that will serve your child at secondary school, college and work.',
  },
  {
    icon: 'graduation',
    title: 'Highly Qualified Teachers',
    text: 'Sessions are led by qualified teachers and working technologists. Every tutor holds an enhanced DBS check and is trained in safeguarding.',
  },
  {
    icon: 'users',
    title: 'One-on-One Practical Sessions',
    text: 'Children learn by doing. During every practical session a tutor works with each child individually, and our higher plans add dedicated mentoring time.',
  },
  {
    icon: 'book',
    title: 'Holistic Curriculum',
    text: 'Technology sits alongside creativity, ethics and communication. Children present their work, give each other feedback and learn to explain their thinking.',
  },
] as const;

export const ENTREPRENEUR_PILLARS = [
  {
    icon: 'brain',
    title: 'AI Mastery',
    text: 'Children learn how today’s AI tools work, what they are good at and where they get things wrong, so they can use them with judgement rather than blind trust.',
  },
  {
    icon: 'lightbulb',
    title: 'Creative Innovation',
    text: 'From a comic strip to a homework-planner chatbot, children use AI as a creative partner while the ideas, choices and finished work stay their own.',
  },
  {
    icon: 'trending',
    title: 'Entrepreneurial Mindset',
    text: 'They practise spotting a problem worth solving, testing an idea with real people, and pitching it with confidence, skills that matter whatever they go on to do.',
  },
] as const;

export const MODULES = [
  {
    title: 'Prompt Engineering & AI Communication',
    focus:
      'Writing clear instructions, giving context and examples, and improving a prompt step by step until the answer is right.',
    why: 'Clear instructions get better results from people and machines alike. At heart it is a lesson in precise, purposeful writing.',
  },
  {
    title: 'Data Literacy & Ethical AI Awareness',
    focus:
      'Where an AI’s answers come from, how to spot bias and made-up facts, and why personal information should stay private.',
    why: 'AI is already in the apps children use every day. Knowing when to trust it, and when to check, keeps them safe and sharp.',
  },
  {
    title: 'Creative Problem-Solving with AI Tools',
    focus:
      'Using text, image and music tools to brainstorm, sketch and test ideas for problems children care about at school and at home.',
    why: 'AI helps children get past the blank page. They learn to treat it as a starting point to improve on, not an answer to copy.',
  },
  {
    title: 'No-Code AI & Automation Building',
    focus:
      'Building simple chatbots, quizzes and automations with drag-and-drop tools. No coding experience is needed.',
    why: 'Making something that works, and that friends and family can try, builds real confidence and a first feel for programming logic.',
  },
  {
    title: 'Design Thinking & Entrepreneurial Mindset',
    focus:
      'Understanding who a product is for, prototyping, gathering feedback, simple costs and pricing, and a short pitch to finish.',
    why: 'Turning an idea into something people actually want is a life skill, whether or not your child goes on to start a business.',
  },
] as const;

export const APPROACHES = [
  {
    icon: 'school',
    title: 'School Partnerships',
    text: 'We run after-school clubs with primary and secondary schools, on the school site and within the school’s own safeguarding arrangements.',
  },
  {
    icon: 'calendar',
    title: 'Weekend Bootcamps',
    text: 'Saturday sessions and holiday bootcamps where children build a complete project over a few focused days, then show it to their families.',
  },
  {
    icon: 'monitor',
    title: 'Remote and In-Person',
    text: 'Join live from home over a video call, or come along to an in-person session in Hertfordshire. Both follow the same modules and projects.',
  },
] as const;

export const SAFETY_POINTS = [
  'Every tutor holds an enhanced DBS check and completes safeguarding training before teaching.',
  'Sessions are always supervised. We have a named Designated Safeguarding Lead you can contact at any time.',
  'Online sessions use private links for registered children only; cameras are optional and sessions are never recorded.',
  'Children use AI tools we have chosen and set up for their age, never personal accounts, and never share personal details.',
  'Parents receive regular progress updates and are welcome to sit in on any online session.',
] as const;

export const WHY_POINTS = [
  {
    title: 'AI is already part of their world',
    text: 'Homework help, search, games and apps increasingly use AI. Understanding how it works helps children use it well and notice when it goes wrong.',
  },
  {
    title: 'Work is changing',
    text: 'Many of the jobs today’s teenagers will do involve working alongside AI tools. Starting early, in a supportive group, builds lasting confidence.',
  },
  {
    title: 'Thinking, not shortcuts',
    text: 'We teach children to question, check and improve what an AI produces, so it supports their learning at school instead of replacing it.',
  },
  {
    title: 'Confidence to create',
    text: 'Seeing their own idea become a working project is motivating in a way that screen time rarely is, and it is something they can be proud to show.',
  },
] as const;
