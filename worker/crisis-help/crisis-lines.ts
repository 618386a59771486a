import type { CrisisLine } from "~/shared/crisis-help";

/**
 * The first line of each country is the one the crisis banner shows. Every entry was read on its
 * `source` on the day `checked`, never written from memory (README, "Crisis help by country").
 */
export const CRISIS_LINES: Partial<Record<string, CrisisLine[]>> = {
  US: [
    {
      name: "988 Suicide & Crisis Lifeline",
      call: "988",
      text: {
        number: "988",
      },
      hours: "24/7",
      languages: ["en"],
      free: true,
      source: "https://health.wyo.gov/publichealth/prevention/wivpp/suicide-prevention/988-suicide-crisis-lifeline",
      checked: "2026-11-28",
    },
    {
      name: "Crisis Text Line",
      text: {
        number: "741741",
      },
      hours: "24/7",
      languages: ["en"],
      free: true,
      source:
        "https://bhsd.sccgov.org/about-us/news-stories/behavioral-health-services-department-launches-text-based-crisis-counseling",
      checked: "2026-11-28",
    },
  ],
  CA: [
    {
      name: "9-8-8: Suicide Crisis Helpline",
      call: "988",
      text: {
        number: "988",
      },
      hours: "24/7",
      languages: ["en", "fr"],
      free: null,
      source:
        "https://www.canada.ca/en/public-health/services/suicide-prevention/government-canada-doing-help-prevent-suicide.html",
      checked: "2026-11-28",
    },
  ],
  GB: [
    {
      name: "Samaritans",
      call: "116123",
      callShown: "116 123",
      hours: "24/7",
      languages: ["en"],
      free: true,
      source:
        "https://www.samaritans.org/branches/coventry/coventry-branch-news/coventry-samaritans-will-be-open-usual-over-christmas",
      checked: "2026-11-28",
    },
    {
      name: "Shout",
      text: {
        number: "85258",
        keyword: "SHOUT",
      },
      hours: "24/7",
      languages: ["en"],
      free: true,
      source: "https://giveusashout.org/about-us/faq",
      checked: "2026-11-28",
    },
  ],
  IE: [
    {
      name: "Pieta Crisis Helpline",
      call: "1800247247",
      callShown: "1800 247 247",
      text: {
        number: "51444",
        keyword: "HELP",
      },
      hours: null,
      languages: ["en"],
      free: null,
      source: "https://merrionstreet.ie/en/news-room/releases/world_suicide_prevention_day_10_september_2020.html",
      checked: "2026-11-28",
    },
    {
      name: "Samaritans",
      call: "116123",
      callShown: "116 123",
      hours: null,
      languages: ["en"],
      free: null,
      source: "https://merrionstreet.ie/en/news-room/releases/world_suicide_prevention_day_10_september_2020.html",
      checked: "2026-11-28",
    },
    {
      name: "50808",
      text: {
        number: "50808",
        keyword: "HELLO",
      },
      hours: "24/7",
      languages: ["en"],
      free: null,
      source: "https://merrionstreet.ie/en/news-room/releases/world_suicide_prevention_day_10_september_2020.html",
      checked: "2026-11-28",
    },
  ],
  FR: [
    {
      name: "3114 National Suicide Prevention Line",
      localName: "3114 – Numéro national de prévention du suicide",
      call: "3114",
      hours: "24/7",
      languages: ["fr"],
      free: true,
      source: "https://www.mayotte.ars.sante.fr/3114-le-numero-national-de-prevention-du-suicide",
      checked: "2026-11-28",
    },
  ],
  DE: [
    {
      name: "TelefonSeelsorge",
      call: "08001110111",
      callShown: "0800 111 0 111",
      hours: "24/7",
      languages: ["de"],
      free: true,
      source: "https://ts-bayreuth.de/node/1",
      checked: "2026-11-28",
    },
  ],
  NL: [
    {
      name: "113 Suicide Prevention",
      localName: "113 Zelfmoordpreventie",
      call: "113",
      hours: null,
      languages: ["nl"],
      free: true,
      source: "https://www.113.nl/schoolopdracht",
      checked: "2026-11-28",
    },
  ],
  PL: [
    {
      name: "116 123 Crisis Helpline",
      localName: "Kryzysowy Telefon Zaufania 116 123",
      call: "116123",
      callShown: "116 123",
      hours: "24/7",
      languages: ["pl"],
      free: true,
      source:
        "https://www.nask.pl/pl/aktualnosci/5199,Numer-116-123-calodobowa-infolinia-zapewniajaca-wsparcie-psychologiczne-ze-wspar.html",
      checked: "2026-11-28",
    },
  ],
  IS: [
    {
      name: "Red Cross Helpline 1717",
      localName: "Hjálparsími Rauða krossins 1717",
      call: "1717",
      hours: "24/7",
      languages: ["is"],
      free: true,
      source:
        "https://www.raudikrossinn.is/verkefni/innanlandsverkefni/heilbrigdi-og-velferd/hjalparsiminn-1717-og-netspjallid/",
      checked: "2026-11-28",
    },
    {
      name: "Píeta",
      localName: "Píetasíminn",
      call: "5522218",
      callShown: "552 2218",
      hours: "24/7",
      languages: ["is"],
      free: null,
      source:
        "https://www.stjornarradid.is/verkefni/allar-frettir/frett/2021/09/23/Pieta-samtokin-hljota-25-milljona-krona-styrk-til-ad-efla-starfsemi-sina/",
      checked: "2026-11-28",
    },
  ],
  RU: [
    {
      name: "Children's Helpline",
      localName: "Детский телефон доверия",
      call: "88002000122",
      callShown: "8 800 2000-122",
      hours: null,
      languages: ["ru"],
      free: true,
      source: "http://kcsonpach.socpnz.ru/news/539",
      checked: "2026-11-28",
    },
  ],
  ZA: [
    {
      name: "SADAG Suicide Crisis Helpline",
      call: "0800567567",
      callShown: "0800 567 567",
      hours: "24/7",
      languages: ["en"],
      free: true,
      source:
        "https://www.sadag.org/index.php?option=com_content&view=article&id=3141:world-mental-health-day-7-october-2020&catid=149:press-releases&Itemid=601",
      checked: "2026-11-28",
    },
    {
      name: "SADAG / Cipla Mental Health Helpline",
      call: "0800456789",
      callShown: "0800 456 789",
      text: {
        number: "31393",
      },
      hours: "24/7",
      languages: ["en"],
      free: true,
      source:
        "https://www.sadag.org/index.php?option=com_content&view=article&id=3141:world-mental-health-day-7-october-2020&catid=149:press-releases&Itemid=601",
      checked: "2026-11-28",
    },
  ],
  KE: [
    {
      name: "Kenya Red Cross",
      call: "1199",
      hours: "24/7",
      languages: ["en", "sw"],
      free: true,
      source:
        "https://www.redcross.or.ke/single-article/37-Psychosocial-Support-for-Healthcare-Workers-in-Midst-of-COVID-19-Pandemic",
      checked: "2026-11-28",
    },
  ],
  IN: [
    {
      name: "Tele MANAS",
      call: "14416",
      hours: null,
      languages: ["hi", "en"],
      free: true,
      source: "https://pib.gov.in/PressReleasePage.aspx?PRID=2022145",
      checked: "2026-11-28",
    },
  ],
  CN: [
    {
      name: "Psychological Assistance Hotline 12356",
      localName: "全国统一心理援助热线 12356",
      call: "12356",
      hours: "Hours vary by city",
      languages: ["zh"],
      free: null,
      source: "https://bzqeryy.com/News/dynamic/214.html",
      checked: "2026-11-28",
    },
  ],
  KR: [
    {
      name: "Suicide Prevention Counselling Line 109",
      localName: "자살예방 상담전화 109",
      call: "109",
      hours: null,
      languages: ["ko"],
      free: null,
      source: "https://eiec.kdi.re.kr/policy/materialView.do?num=246730",
      checked: "2026-11-28",
    },
  ],
  PH: [
    {
      name: "NCMH Crisis Hotline",
      localName: "National Center for Mental Health Crisis Hotline",
      call: "09178998727",
      callShown: "0917 899 8727",
      hours: "24/7",
      languages: ["tl", "en"],
      free: null,
      source: "https://doh.gov.ph/press-release/launch-of-the-ncmh-crisis-hotline/",
      checked: "2026-11-28",
    },
  ],
  AU: [
    {
      name: "Lifeline",
      call: "131114",
      callShown: "13 11 14",
      hours: "24/7",
      languages: ["en"],
      free: null,
      source: "https://www.lifeline.org.au/About-Lifeline/Want-to-know-more-about-Lifeline-/Lifeline-Information",
      checked: "2026-11-28",
    },
    {
      name: "Beyond Blue",
      call: "1300224636",
      callShown: "1300 22 4636",
      hours: "24/7",
      languages: ["en"],
      free: null,
      source: "https://www.health.vic.gov.au/mental-health-services/telephone-and-online-services",
      checked: "2026-11-28",
    },
  ],
  NZ: [
    {
      name: "1737 Need to talk?",
      call: "1737",
      text: {
        number: "1737",
      },
      hours: "24/7",
      languages: ["en"],
      free: true,
      source: "https://www.pegasus.health.nz/?p=6300",
      checked: "2026-11-28",
    },
  ],
};
