import {
  BookOpen,
  Brain,
  CalendarDays,
  CheckCircle2,
  GraduationCap,
  Lightbulb,
  Monitor,
  Rocket,
  School,
  ShieldCheck,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ACADEMY_SECTIONS } from '../../../shared/academy';
import { AcademySection } from './AcademySection';
import {
  APPROACHES,
  ENTREPRENEUR_PILLARS,
  MODULES,
  SAFETY_POINTS,
  TOP_FEATURES,
  WHY_POINTS,
} from './content';
import * as styles from './ProgrammeSections.css';

const ICONS: Record<string, LucideIcon> = {
  rocket: Rocket,
  graduation: GraduationCap,
  users: Users,
  book: BookOpen,
  brain: Brain,
  lightbulb: Lightbulb,
  trending: TrendingUp,
  school: School,
  calendar: CalendarDays,
  monitor: Monitor,
};

function IconTile({ icon, title, text }: { icon: string; title: string; text: string }) {
  const Icon = ICONS[icon] ?? Rocket;
  return (
    <li className={styles.tile}>
      <span className={styles.icon}>
        <Icon size={24} aria-hidden="true" />
      </span>
      <h3 className={styles.tileTitle}>{title}</h3>
      <p className={styles.tileText}>{text}</p>
    </li>
  );
}

export function TopFeaturesSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.features}
      eyebrow="Why families choose us"
      title="Real skills, taught with care"
      lead="A structured programme, not screen time: children learn by making things, with a tutor beside them."
    >
      <ul className={styles.grid}>
        {TOP_FEATURES.map((f) => (
          <IconTile key={f.title} {...f} />
        ))}
      </ul>
    </AcademySection>
  );
}

export function EntrepreneursSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.entrepreneurs}
      tone="soft"
      eyebrow="What we aim for"
      title="Building AI Entrepreneurs"
      lead="Three threads run through every term, so children come away knowing how AI works and what they can make with it."
    >
      <ul className={styles.grid}>
        {ENTREPRENEUR_PILLARS.map((p) => (
          <IconTile key={p.title} {...p} />
        ))}
      </ul>
    </AcademySection>
  );
}

export function ModulesSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.modules}
      eyebrow="The curriculum"
      title="Five modules, one project at a time"
      lead="Each module runs over several weeks and ends with something your child has made and can show you."
    >
      <ol className={styles.moduleList}>
        {MODULES.map((m, i) => (
          <li key={m.title} className={styles.moduleCard} data-testid="academy-module">
            <div className={styles.moduleHeader}>
              <span className={styles.moduleNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.tileTitle}>
                <span className="visually-hidden">Module {i + 1}: </span>
                {m.title}
              </h3>
            </div>
            <div className={styles.moduleColumn}>
              <p className={styles.moduleLabel}>Skill focus</p>
              <p className={styles.tileText}>{m.focus}</p>
            </div>
            <div className={styles.moduleColumn}>
              <p className={styles.moduleLabel}>Why it matters</p>
              <p className={styles.tileText}>{m.why}</p>
            </div>
          </li>
        ))}
      </ol>
    </AcademySection>
  );
}

export function ApproachSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.approach}
      tone="soft"
      eyebrow="How we teach"
      title="Our Approach"
      lead="Wherever your child joins us, they follow the same modules with the same care."
    >
      <ul className={styles.grid}>
        {APPROACHES.map((a) => (
          <IconTile key={a.title} {...a} />
        ))}
      </ul>
      <div className={styles.split}>
        <div className={styles.expertsBlock}>
          <h3 className={styles.safetyTitle}>Taught by local experts</h3>
          <p className={styles.expertsText}>
            Our tutors live and work in Hertfordshire: qualified teachers, software engineers and people who
            have started their own small businesses. They know local schools, they know the tools, and they
            know how to explain both to a ten-year-old and a sixteen-year-old.
          </p>
        </div>
        <div className={styles.tile}>
          <h3 className={styles.safetyTitle}>
            <ShieldCheck size={22} aria-hidden="true" className={styles.titleIcon} />
            Keeping children safe
          </h3>
          <ul className={styles.checkList}>
            {SAFETY_POINTS.map((point) => (
              <li key={point} className={styles.checkItem}>
                <CheckCircle2 size={18} aria-hidden="true" className={styles.checkIcon} />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </AcademySection>
  );
}

export function WhySection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.why}
      eyebrow="Why now"
      title="Why AI training matters"
      lead="We are not trying to turn every child into a programmer. We want them to understand the tools shaping their world."
    >
      <ol className={styles.grid}>
        {WHY_POINTS.map((point, i) => (
          <li key={point.title} className={styles.tile}>
            <span className={styles.whyNumber} aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.tileTitle}>{point.title}</h3>
            <p className={styles.tileText}>{point.text}</p>
          </li>
        ))}
      </ol>
    </AcademySection>
  );
}
