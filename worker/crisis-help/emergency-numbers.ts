import type { EmergencyNumber } from "~/shared/crisis-help";

/**
 * Most from Wikipedia's list, checked against Android's table; a disagreement was settled by the
 * country's own government, else the number left out (README, "Crisis help by country").
 */
export const EMERGENCY_SOURCES: Record<string, { url: string; read: string; checked: string }> = {
  "af-moi": {
    url: "http://www.dvidshub.net/news/15815/afghanistan-opens-emergency-hotline-kabul",
    read: "Afghan Ministry of Interior opens national 1-1-9 emergency hotline (2008); sada-e-azadi.net: call 119 when 'the police, fire department or an ambulance is needed'. Sources pre-date 2021.",
    checked: "2026-11-28",
  },
  aosp: {
    url: "https://android.googlesource.com/platform/packages/services/Telephony/+/refs/heads/main/ecc/input/eccdata.txt",
    read: "Independent second list: Android's emergency-number database (eccdata.txt: per-country numbers typed POLICE/AMBULANCE/FIRE plus an ecc_fallback), read from the copy in GitHub GrapheneOS/platform_packages_services_Telephony, ecc/input/eccdata.txt @ 6927a4263493d1eeff05d64c3127a2617032a708. A number counted as confirmed only when listed in a country's eccs entries; ecc_fallback (112 or 911 for almost every country) was NOT counted as confirmation.",
    checked: "2026-11-28",
  },
  "bo-page": {
    url: "https://www.hoybolivia.com/Noticia.php?IdNoticia=303401",
    read: "ABI (Bolivian state agency), 2019: integrated security system BOL-110 in La Paz/El Alto; Ministry of Health (eju.tv, Aug 2025): police emergency numbers 110 and 120",
    checked: "2026-11-28",
  },
  "bq-police": {
    url: "https://www.politiecn.com/pap/notisia/2022/september/notisia-di-polis-di-djarason-14-di-september-te-ku-djabierne-16-di-september-2022.html",
    read: "Police Caribbean Netherlands: 'Number di emergensia: 911' ... 'Yama 911/112 den situashon di urgensia'",
    checked: "2026-11-28",
  },
  "cd-page": {
    url: "https://radiookapi.net/actualite/2014/10/02/kinshasa-inauguration-du-centre-dappel-de-la-police",
    read: "Radio Okapi (UN radio): police call centre on free number 112, Kinshasa; MONUSCO 2017 campaign on the police emergency number 112",
    checked: "2026-11-28",
  },
  "cf-page": {
    url: "https://ndjonisango.com/2025/05/14/rca-les-numeros-durgence-et-leur-utilite-dans-les-cas-dincidents-majeurs",
    read: "Ndjoni Sango (CAR, May 2025): 117 Police, 118 Sapeurs-pompiers, 1220 Gendarmerie, 1212 SAMU; free, 24h",
    checked: "2026-11-28",
  },
  "cg-page": {
    url: "http://icibrazza.com/tag/police-secours/",
    read: "Congo police (DGPN) and regulator ARPCE launch 'police secours 117', free from all networks",
    checked: "2026-11-28",
  },
  "cw-page": {
    url: "https://curacao.nu/problemen-met-telefooncentrale-van-de-politie/",
    read: "Curaçao: police emergency numbers 911 and 917; fire brigade: 'staat er iets in brand, bel dan 911' (curacao.nu, Apr 2021)",
    checked: "2026-11-28",
  },
  "dm-gov": {
    url: "http://antiguaobserver.com/dominica-launches-emergency-911-system/",
    read: "CMC report (Sept 2016): Dominica launches integrated E911 for police, fire and ambulance (NTRC, Minister of Telecommunications); 999 still cited in news.dm/emergency-response-time-in-dominica-is-being-questioned/",
    checked: "2026-11-28",
  },
  "dz-page": {
    url: "https://www.maghrebemergent.com/algerie-les-4-numeros-durgence-indispensables-pour-un-voyage-sans-tracas/",
    read: "Maghreb Emergent: gendarmerie 1055, Sûreté nationale (police) 1548 and 17, Protection civile 1021 and 14",
    checked: "2026-11-28",
  },
  "et-gov": {
    url: "https://www.amn.gov.et/?p=27354",
    read: "Addis Media Network (Addis Ababa city administration): Fire and Disaster Risk Management Commission asks residents to call 939 for fire, other emergencies and ambulance services; police 991 from the Chinese embassy notice at https://yunlus.com/news/15285.html ('埃塞俄比亚当地报警电话:991')",
    checked: "2026-11-28",
  },
  "fr-antilles": {
    url: "https://la1ere.francetvinfo.fr/guadeloupe/les-numeros-d-urgence-des-pompiers-du-samu-et-de-la-police-connaissent-des-dysfonctionnements-dans-plusieurs-departements-1024690.html",
    read: "La 1ère (France TV, Guadeloupe préfecture notice): 15 (SAMU), 18 (pompiers), 17 (forces de l'ordre), 112 (toutes urgences); 'Samu 15 de Guadeloupe, Saint-Martin et Saint-Barthélemy'; Saint-Martin: Pompiers 18, Gendarmerie 17 per news.sxmsaintmartin.com",
    checked: "2026-11-28",
  },
  "ga-page": {
    url: "http://info241.com/samu-social-gabonais-plus-de-656-000-personnes-prises-en-charge,2396",
    read: "Samu social gabonais (government programme, May 2025): free 24/7 number 1488; fire brigade 18 per beksconsultinggabon.com",
    checked: "2026-11-28",
  },
  "gh-gov": {
    url: "https://citinewsroom.com/2020/01/nana-addo-commissions-307-ambulances-photos/",
    read: "President of Ghana (28 Jan 2020): police, fire and ambulance numbers merged into 112; 191/192/193 'no longer effective' per bestnewsgh.com",
    checked: "2026-11-28",
  },
  "gn-page": {
    url: "https://www.guinee360.com/17/09/2024/guinee-des-numeros-durgence-hors-service-une-defaillance-critique-du-systeme-de-secours/",
    read: "Guinee360 test of Guinean emergency numbers (Sept 2024): only 18 (sapeurs-pompiers), 117 (police), 129 and 130 (regional gendarmerie) worked",
    checked: "2026-11-28",
  },
  "gt-conred": {
    url: "https://www.tn23.tv/conred-en-alerta-por-fiestas-de-navidad-y-ano-nuevo/",
    read: "CONRED (Guatemala disaster agency) number list: Bomberos Voluntarios 122, Bomberos Municipales 123, Cruz Roja 125, PNC 110-120; emisorasunidas.com (24 Dec 2025): bomberos 122/123 for pre-hospital care, rescue and fire",
    checked: "2026-11-28",
  },
  "iq-moi": {
    url: "https://nrttv.com/Ar/detail3/40060",
    read: "Iraqi Ministry of Interior press conference (Jan 2025) as reported: unified emergency number 911, free, all previous hotlines cancelled; still in service per burathanews.com/arabic/news/469673 (5 Jan 2026)",
    checked: "2026-11-28",
  },
  "jm-gov": {
    url: "https://www.localgovjamaica.gov.jm/jfb-official-encourages-persons-to-call-emergency-numbers/",
    read: "Jamaica local government news: dial 110 for fire and ambulance emergencies (general line), 119 police; 112/911 introduced Nov 2011 per https://jis.gov.jm/jamaica-to-go-global-with-emergency-numbers/ (JIS, government)",
    checked: "2026-11-28",
  },
  "kz-gov": {
    url: "http://egov.kz/cms/en/articles/emergency_situations/emergency_number_112",
    read: "Kazakhstan e-government: 112 unified duty dispatch; also 101 fire, 102 police, 103 ambulance, 104 gas",
    checked: "2026-11-28",
  },
  "la-page": {
    url: "http://en.chinagate.cn/2016-08/27/content_39174962.htm",
    read: "Xinhua (citing Vientiane Times): Lao Ministry of Public Security opens Government Hotline and Police Command Center, 'emergency number 1191'",
    checked: "2026-11-28",
  },
  "li-gov": {
    url: "https://www.liechtenstein.li/land-und-leute/staatswesen/polizei/",
    read: "Liechtenstein official portal: Polizei 117, Feuerwehr 118, Internationaler Notruf 112, Ambulanz 144",
    checked: "2026-11-28",
  },
  "ma-page": {
    url: "https://www.challenge.ma/maroc-ces-numeros-quil-faut-avoir-en-cas-durgence-243599/",
    read: "Challenge.ma (Aug 2022) list of Moroccan emergency numbers: 'Police : 19 et depuis un portable : 112 – Pompiers : 15 – Gendarmerie Royale : 177 – Ambulances/Pompiers : 150'",
    checked: "2026-11-28",
  },
  "md-gov": {
    url: "http://old.mtic.gov.md/en/projects/112-single-emergency-number",
    read: "Moldovan Ministry of IT & Communications project page on the Single National Emergency Calls Service 112; launch on 29 March 2018 and redirection of 901/902/903 to 112 from July 2018 per https://ipn.md/ro/de-astazi-devine-activ-serviciul-unic-de-urgenta-112-7967_1040809.html",
    checked: "2026-11-28",
  },
  "mv-gov": {
    url: "https://mnn.mv/?p=1311",
    read: "Maldives Minister of Homeland Security launches 911 hotline connecting police, ambulance, MNDF Fire & Rescue and Coast Guard",
    checked: "2026-11-28",
  },
  "ng-ncc": {
    url: "https://technologytimes.ng/dial-122-how-nigerias-three-digit-emergency-number-works/",
    read: "Stored page quoting the Nigerian Communications Commission (regulator) on 112; corroborated by thestreetjournal.org/2020/08/ncc-activates-112-free-emergency-call-line-in-kogi/",
    checked: "2026-11-28",
  },
  "pe-minsa": {
    url: "https://andina.pe/agencia/noticia-en-casos-emergencia-medica-poblacion-puede-acudir-a-linea-gratuita-106-del-samu-633915.aspx",
    read: "Andina (state news agency): SAMU free line 106; still in use per elcomercio.pe (21 Dec 2025) and infobae (6 Jan 2026); PNP emergency centre 105 and the not-yet-operational 911 per infobae.com/peru/2024/03/27 and cronicaviva.com.pe (DL 1590)",
    checked: "2026-11-28",
  },
  "sn-page": {
    url: "https://galseninfo.com/?p=1888",
    read: "Senegal Minister of the Interior: 'Avec la police nous avons le 17 ... avec les pompiers il y a le 18'; sapeurs-pompiers also transport victims/patients on 18 per dakaractu.com (Apr 2020)",
    checked: "2026-11-28",
  },
  "so-page": {
    url: "http://www.bbc.com/news/world-africa-24901315",
    read: "BBC (2013): Mogadishu police emergency line 888; Aamin Ambulance (free) 999 hotline per thenewhumanitarian.org (Sept 2023)",
    checked: "2026-11-28",
  },
  "sv-page": {
    url: "https://croniosv.com/nacionales/vientos-acelerados-del-noreste-y-ambiente-caluroso/",
    read: "El Salvador Director of Civil Protection (Feb 2025): Sistema de Emergencias Médicas 132, PNC 911; bomberos 913 per diario.elmundo.sv",
    checked: "2026-11-28",
  },
  "sz-gov": {
    url: "https://eswatinipositivenews.com/emergency-help-available-during-festive-holidays",
    read: "Eswatini Director of Emergency Services: 'Anyone can use our toll-free 977 number'; police 999 (and 112 without airtime) per visitswazi.com/travelguide/police.asp",
    checked: "2026-11-28",
  },
  "tl-page": {
    url: "http://unpol-easttimor.blogspot.com/2014/03/unpol-in-east-timor-security-briefing_9775.html",
    read: "UN Police Timor-Leste briefing: 'call 112 ... to contact the police 24 hours a day'; TATOLI (state news agency, 9 Mar 2022, stored page without address) reports the Council of Ministers making 112 the single national emergency number for police (PNTL), ambulance and fire",
    checked: "2026-11-28",
  },
  "tt-unhcr": {
    url: "https://help.unhcr.org/trinidadandtobago/about-trinidad-and-tobago/security",
    read: "UNHCR Trinidad & Tobago help page: 'Police Response 999, Fire Service 990, Ambulance 990 or 811'",
    checked: "2026-11-28",
  },
  "ua-page": {
    url: "https://bukvy.org/yedynyj-nomer-ekstrenoyi-dopomogy-112-zapraczyuye-po-vsij-ukrayini-do-kinczya-2024-roku",
    read: "Deputy Interior Minister (Jan 2024): 112 rolling out region by region; 101, 102, 103, 104 keep working",
    checked: "2026-11-28",
  },
  "ug-police": {
    url: "https://www.howwebiz.ug/news/national/16767/police-issues-toll-free-lines-for-martyrs-day-emergencies",
    read: "Uganda Police spokesperson: mobile users ring 112, landlines 999; both lines also cited by police in kfm.co.ug/news/ugandans-in-danger-advised-to-make-use-of-the-emergence-unit.html",
    checked: "2026-11-28",
  },
  wiki: {
    url: "https://en.wikipedia.org/wiki/List_of_emergency_telephone_numbers",
    read: "Primary list. Wikipedia 'List of emergency telephone numbers', read as a full scraped copy of its tables (police / ambulance / fire / notes per row): GitHub infinotiver/emergency-number, data/data.json @ 7c6beab9846cc380e77c5537cd28c7e6d24a1194, produced by data/web-scrap.py from that URL. The file does not record the article revision; its notes mention 2024 (e.g. Uzbekistan 112 rollout), so it is a 2024-or-later revision. Rows the scraper could not map to an ISO code (e.g. Russia, Turkey, South Korea) are missing from it.",
    checked: "2026-11-28",
  },
  wiki2026: {
    url: "https://en.wikipedia.org/wiki/List_of_emergency_telephone_numbers",
    read: "Same article, revision 1377218654, via GitHub fernando-195/emergency-and-helplines-api, data/all.json @ 5e9494fdc43bd635c528daa5f4b2efb10f47334d (generatedAt 2026-10-08). It keeps only ONE cell per country (in practice the ambulance-column cell, or the merged all-services cell) plus its raw text in 'note'. Used to (a) check the older copy against a 2026 revision and (b) fill countries missing from the older copy. NOT independent of 'wiki'.",
    checked: "2026-11-28",
  },
  "ws-gov": {
    url: "https://www.samoaobserver.ws/category/samoa/2765",
    read: "Samoa Observer (Dec 2017): Office of the Regulator moves from 994/995/996 to 911; FESA 2022 reminders to call 911 (radiopolynesiasamoa.com)",
    checked: "2026-11-28",
  },
  "ye-echo": {
    url: "https://civil-protection-humanitarian-aid.ec.europa.eu/news-stories/stories/5-reasons-why-yemen-needed-emergency-number-and-eu-supporting-it_en",
    read: "EU ECHO page: free 195 emergency (pre-hospital) number in and around Aden, WHO/Ministry of Health",
    checked: "2026-11-28",
  },
  "zm-police": {
    url: "https://www.lusakavoice.com/2015/05/06/991-toll-free-service-now-available-zambia-police/",
    read: "Zambia Police Service statement: toll-free 991 active; womenconnect.org Zambia quick guide lists Police 991, Fire 993, Medical 999",
    checked: "2026-11-28",
  },
};

/** The number to call first first. */
export const EMERGENCY_NUMBERS: Record<string, { name: string; numbers: EmergencyNumber[]; source: string }> = {
  AD: {
    name: "Andorra",
    numbers: [
      { number: "116", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  AE: {
    name: "United Arab Emirates",
    numbers: [
      { number: "998", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "wiki",
  },
  AF: { name: "Afghanistan", numbers: [{ number: "119", for: "all" }], source: "af-moi" },
  AG: {
    name: "Antigua and Barbuda",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  AI: { name: "Anguilla", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  AL: {
    name: "Albania",
    numbers: [
      { number: "127", for: "ambulance" },
      { number: "129", for: "police" },
    ],
    source: "wiki",
  },
  AM: {
    name: "Armenia",
    numbers: [
      { number: "112", for: "all" },
      { number: "911", for: "all" },
    ],
    source: "wiki",
  },
  AO: {
    name: "Angola",
    numbers: [
      { number: "112", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki",
  },
  AR: {
    name: "Argentina",
    numbers: [
      { number: "911", for: "all" },
      { number: "107", for: "ambulance" },
      { number: "101", for: "police" },
    ],
    source: "wiki",
  },
  AS: { name: "American Samoa", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  AT: {
    name: "Austria",
    numbers: [
      { number: "112", for: "all" },
      { number: "144", for: "ambulance" },
      { number: "133", for: "police" },
    ],
    source: "wiki",
  },
  AU: {
    name: "Australia",
    numbers: [
      { number: "000", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  AW: { name: "Aruba", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  AX: { name: "Åland Islands", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  AZ: {
    name: "Azerbaijan",
    numbers: [
      { number: "112", for: "all" },
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "wiki",
  },
  BA: {
    name: "Bosnia and Herzegovina",
    numbers: [
      { number: "124", for: "ambulance" },
      { number: "122", for: "police" },
    ],
    source: "wiki",
  },
  BB: {
    name: "Barbados",
    numbers: [
      { number: "511", for: "ambulance" },
      { number: "211", for: "police" },
    ],
    source: "wiki",
  },
  BD: { name: "Bangladesh", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  BE: {
    name: "Belgium",
    numbers: [
      { number: "112", for: "all" },
      { number: "101", for: "police" },
    ],
    source: "wiki",
  },
  BF: {
    name: "Burkina Faso",
    numbers: [
      { number: "18", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "aosp",
  },
  BG: { name: "Bulgaria", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  BH: { name: "Bahrain", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  BI: {
    name: "Burundi",
    numbers: [
      { number: "112", for: "ambulance" },
      { number: "117", for: "police" },
    ],
    source: "wiki",
  },
  BJ: {
    name: "Benin",
    numbers: [
      { number: "117", for: "police" },
      { number: "112", for: "ambulance" },
    ],
    source: "wiki",
  },
  BL: {
    name: "Saint Barthélemy",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "fr-antilles",
  },
  BM: { name: "Bermuda", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  BN: {
    name: "Brunei",
    numbers: [
      { number: "991", for: "ambulance" },
      { number: "993", for: "police" },
    ],
    source: "aosp",
  },
  BO: { name: "Bolivia", numbers: [{ number: "110", for: "police" }], source: "bo-page" },
  BQ: {
    name: "Caribbean Netherlands",
    numbers: [
      { number: "911", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "bq-police",
  },
  BR: {
    name: "Brazil",
    numbers: [
      { number: "192", for: "ambulance" },
      { number: "190", for: "police" },
    ],
    source: "wiki",
  },
  BS: {
    name: "Bahamas",
    numbers: [
      { number: "919", for: "all" },
      { number: "911", for: "all" },
    ],
    source: "wiki2026",
  },
  BT: {
    name: "Bhutan",
    numbers: [
      { number: "112", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki",
  },
  BW: {
    name: "Botswana",
    numbers: [
      { number: "997", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "wiki",
  },
  BY: {
    name: "Belarus",
    numbers: [
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "wiki",
  },
  BZ: { name: "Belize", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  CA: { name: "Canada", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  CC: { name: "Cocos (Keeling) Islands", numbers: [{ number: "000", for: "all" }], source: "wiki2026" },
  CD: { name: "DR Congo", numbers: [{ number: "112", for: "police" }], source: "cd-page" },
  CF: {
    name: "Central African Republic",
    numbers: [
      { number: "1212", for: "ambulance" },
      { number: "117", for: "police" },
      { number: "118", for: "fire" },
    ],
    source: "cf-page",
  },
  CG: { name: "Republic of the Congo", numbers: [{ number: "117", for: "police" }], source: "cg-page" },
  CH: {
    name: "Switzerland",
    numbers: [
      { number: "112", for: "all" },
      { number: "144", for: "ambulance" },
      { number: "117", for: "police" },
    ],
    source: "wiki",
  },
  CI: {
    name: "Côte d'Ivoire",
    numbers: [
      { number: "185", for: "ambulance" },
      { number: "170", for: "police" },
    ],
    source: "aosp",
  },
  CK: { name: "Cook Islands", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  CL: {
    name: "Chile",
    numbers: [
      { number: "131", for: "ambulance" },
      { number: "133", for: "police" },
    ],
    source: "wiki",
  },
  CM: {
    name: "Cameroon",
    numbers: [
      { number: "119", for: "ambulance" },
      { number: "117", for: "police" },
      { number: "118", for: "fire" },
    ],
    source: "aosp",
  },
  CN: {
    name: "China",
    numbers: [
      { number: "120", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  CO: { name: "Colombia", numbers: [{ number: "123", for: "all" }], source: "wiki" },
  CR: { name: "Costa Rica", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  CU: {
    name: "Cuba",
    numbers: [
      { number: "104", for: "ambulance" },
      { number: "106", for: "police" },
    ],
    source: "wiki",
  },
  CV: {
    name: "Cape Verde",
    numbers: [
      { number: "130", for: "ambulance" },
      { number: "132", for: "police" },
    ],
    source: "aosp",
  },
  CW: { name: "Curaçao", numbers: [{ number: "911", for: "police" }], source: "cw-page" },
  CX: { name: "Christmas Island", numbers: [{ number: "000", for: "all" }], source: "wiki" },
  CY: {
    name: "Cyprus",
    numbers: [
      { number: "112", for: "all" },
      { number: "199", for: "all" },
    ],
    source: "wiki",
  },
  CZ: { name: "Czechia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  DE: {
    name: "Germany",
    numbers: [
      { number: "112", for: "all" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  DJ: {
    name: "Djibouti",
    numbers: [
      { number: "17", for: "police" },
      { number: "18", for: "fire" },
    ],
    source: "wiki",
  },
  DK: { name: "Denmark", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  DM: {
    name: "Dominica",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "dm-gov",
  },
  DO: { name: "Dominican Republic", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  DZ: {
    name: "Algeria",
    numbers: [
      { number: "14", for: "ambulance" },
      { number: "1548", for: "police" },
      { number: "17", for: "police" },
    ],
    source: "dz-page",
  },
  EC: { name: "Ecuador", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  EE: { name: "Estonia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  EG: {
    name: "Egypt",
    numbers: [
      { number: "123", for: "ambulance" },
      { number: "122", for: "police" },
    ],
    source: "wiki",
  },
  ES: { name: "Spain", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  ET: {
    name: "Ethiopia",
    numbers: [
      { number: "939", for: "ambulance" },
      { number: "991", for: "police" },
    ],
    source: "et-gov",
  },
  FI: { name: "Finland", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  FJ: {
    name: "Fiji",
    numbers: [
      { number: "911", for: "all" },
      { number: "917", for: "police" },
    ],
    source: "wiki",
  },
  FK: {
    name: "Falkland Islands",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki2026",
  },
  FM: { name: "Micronesia", numbers: [{ number: "911", for: "all" }], source: "wiki2026" },
  FO: { name: "Faroe Islands", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  FR: {
    name: "France",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  GA: {
    name: "Gabon",
    numbers: [
      { number: "1488", for: "ambulance" },
      { number: "18", for: "fire" },
    ],
    source: "ga-page",
  },
  GB: {
    name: "United Kingdom",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  GD: { name: "Grenada", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  GE: { name: "Georgia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  GF: {
    name: "French Guiana",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  GG: {
    name: "Guernsey",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  GH: { name: "Ghana", numbers: [{ number: "112", for: "all" }], source: "gh-gov" },
  GI: {
    name: "Gibraltar",
    numbers: [
      { number: "190", for: "ambulance" },
      { number: "199", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  GL: { name: "Greenland", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  GM: {
    name: "The Gambia",
    numbers: [
      { number: "116", for: "ambulance" },
      { number: "9968885", for: "police" },
    ],
    source: "wiki",
  },
  GN: {
    name: "Guinea",
    numbers: [
      { number: "18", for: "fire" },
      { number: "117", for: "police" },
    ],
    source: "gn-page",
  },
  GP: {
    name: "Guadeloupe",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  GR: {
    name: "Greece",
    numbers: [
      { number: "112", for: "all" },
      { number: "166", for: "ambulance" },
      { number: "100", for: "police" },
    ],
    source: "wiki",
  },
  GT: {
    name: "Guatemala",
    numbers: [
      { number: "122", for: "ambulance" },
      { number: "123", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "gt-conred",
  },
  GU: { name: "Guam", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  GW: {
    name: "Guinea-Bissau",
    numbers: [
      { number: "117", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  GY: {
    name: "Guyana",
    numbers: [
      { number: "913", for: "ambulance" },
      { number: "911", for: "police" },
    ],
    source: "wiki",
  },
  HK: { name: "Hong Kong", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  HN: {
    name: "Honduras",
    numbers: [
      { number: "911", for: "all" },
      { number: "195", for: "ambulance" },
    ],
    source: "wiki",
  },
  HR: { name: "Croatia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  HT: {
    name: "Haiti",
    numbers: [
      { number: "116", for: "ambulance" },
      { number: "114", for: "police" },
    ],
    source: "wiki",
  },
  HU: { name: "Hungary", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  ID: {
    name: "Indonesia",
    numbers: [
      { number: "118", for: "ambulance" },
      { number: "110", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  IE: {
    name: "Ireland",
    numbers: [
      { number: "112", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  IL: {
    name: "Israel",
    numbers: [
      { number: "101", for: "ambulance" },
      { number: "100", for: "police" },
    ],
    source: "wiki",
  },
  IM: {
    name: "Isle of Man",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  IN: {
    name: "India",
    numbers: [
      { number: "112", for: "all" },
      { number: "108", for: "ambulance" },
      { number: "100", for: "police" },
    ],
    source: "wiki",
  },
  IO: {
    name: "British Indian Ocean Territory",
    numbers: [
      { number: "112", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  IQ: { name: "Iraq", numbers: [{ number: "911", for: "all" }], source: "iq-moi" },
  IR: {
    name: "Iran",
    numbers: [
      { number: "115", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  IS: { name: "Iceland", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  IT: {
    name: "Italy",
    numbers: [
      { number: "112", for: "all" },
      { number: "118", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki",
  },
  JE: {
    name: "Jersey",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  JM: {
    name: "Jamaica",
    numbers: [
      { number: "110", for: "ambulance" },
      { number: "119", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "jm-gov",
  },
  JO: { name: "Jordan", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  JP: {
    name: "Japan",
    numbers: [
      { number: "119", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  KE: {
    name: "Kenya",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  KG: {
    name: "Kyrgyzstan",
    numbers: [
      { number: "112", for: "all" },
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "wiki",
  },
  KH: {
    name: "Cambodia",
    numbers: [
      { number: "119", for: "ambulance" },
      { number: "117", for: "police" },
    ],
    source: "wiki",
  },
  KI: {
    name: "Kiribati",
    numbers: [
      { number: "194", for: "ambulance" },
      { number: "192", for: "police" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  KM: {
    name: "Comoros",
    numbers: [
      { number: "17", for: "police" },
      { number: "18", for: "fire" },
    ],
    source: "wiki",
  },
  KN: { name: "Saint Kitts and Nevis", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  KR: {
    name: "South Korea",
    numbers: [
      { number: "119", for: "ambulance" },
      { number: "112", for: "police" },
    ],
    source: "aosp",
  },
  KW: { name: "Kuwait", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  KY: { name: "Cayman Islands", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  KZ: {
    name: "Kazakhstan",
    numbers: [
      { number: "112", for: "all" },
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "kz-gov",
  },
  LA: { name: "Laos", numbers: [{ number: "1191", for: "police" }], source: "la-page" },
  LB: {
    name: "Lebanon",
    numbers: [
      { number: "112", for: "police" },
      { number: "140", for: "ambulance" },
    ],
    source: "wiki",
  },
  LC: {
    name: "Saint Lucia",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  LI: {
    name: "Liechtenstein",
    numbers: [
      { number: "112", for: "all" },
      { number: "144", for: "ambulance" },
      { number: "117", for: "police" },
    ],
    source: "li-gov",
  },
  LK: {
    name: "Sri Lanka",
    numbers: [
      { number: "110", for: "ambulance" },
      { number: "119", for: "police" },
    ],
    source: "wiki",
  },
  LR: { name: "Liberia", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  LS: {
    name: "Lesotho",
    numbers: [
      { number: "121", for: "ambulance" },
      { number: "123", for: "police" },
    ],
    source: "wiki",
  },
  LT: { name: "Lithuania", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  LU: { name: "Luxembourg", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  LV: { name: "Latvia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  LY: { name: "Libya", numbers: [{ number: "1515", for: "all" }], source: "wiki" },
  MA: {
    name: "Morocco",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "150", for: "ambulance" },
      { number: "19", for: "police" },
    ],
    source: "ma-page",
  },
  MC: {
    name: "Monaco",
    numbers: [
      { number: "112", for: "all" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  MD: { name: "Moldova", numbers: [{ number: "112", for: "all" }], source: "md-gov" },
  ME: {
    name: "Montenegro",
    numbers: [
      { number: "124", for: "ambulance" },
      { number: "122", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  MF: {
    name: "Saint Martin (French part)",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "fr-antilles",
  },
  MG: {
    name: "Madagascar",
    numbers: [
      { number: "117", for: "police" },
      { number: "118", for: "fire" },
    ],
    source: "wiki",
  },
  MH: { name: "Marshall Islands", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  MK: {
    name: "North Macedonia",
    numbers: [
      { number: "194", for: "ambulance" },
      { number: "192", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  ML: {
    name: "Mali",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  MM: {
    name: "Myanmar",
    numbers: [
      { number: "192", for: "ambulance" },
      { number: "199", for: "police" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  MN: {
    name: "Mongolia",
    numbers: [
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
      { number: "105", for: "all" },
    ],
    source: "wiki",
  },
  MO: { name: "Macau", numbers: [{ number: "999", for: "all" }], source: "wiki2026" },
  MP: { name: "Northern Mariana Islands", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  MQ: {
    name: "Martinique",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  MR: {
    name: "Mauritania",
    numbers: [
      { number: "117", for: "police" },
      { number: "118", for: "fire" },
    ],
    source: "wiki",
  },
  MS: {
    name: "Montserrat",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  MT: { name: "Malta", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  MU: {
    name: "Mauritius",
    numbers: [
      { number: "114", for: "ambulance" },
      { number: "999", for: "police" },
      { number: "112", for: "police" },
    ],
    source: "wiki",
  },
  MV: { name: "Maldives", numbers: [{ number: "911", for: "all" }], source: "mv-gov" },
  MW: {
    name: "Malawi",
    numbers: [
      { number: "998", for: "ambulance" },
      { number: "997", for: "police" },
    ],
    source: "wiki",
  },
  MX: { name: "Mexico", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  MY: { name: "Malaysia", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  MZ: {
    name: "Mozambique",
    numbers: [
      { number: "117", for: "ambulance" },
      { number: "119", for: "police" },
    ],
    source: "wiki",
  },
  NA: { name: "Namibia", numbers: [{ number: "10111", for: "police" }], source: "wiki" },
  NC: {
    name: "New Caledonia",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  NE: {
    name: "Niger",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  NG: { name: "Nigeria", numbers: [{ number: "112", for: "all" }], source: "ng-ncc" },
  NI: {
    name: "Nicaragua",
    numbers: [
      { number: "128", for: "ambulance" },
      { number: "118", for: "police" },
    ],
    source: "wiki",
  },
  NL: { name: "Netherlands", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  NO: {
    name: "Norway",
    numbers: [
      { number: "113", for: "ambulance" },
      { number: "112", for: "police" },
    ],
    source: "wiki",
  },
  NP: {
    name: "Nepal",
    numbers: [
      { number: "102", for: "ambulance" },
      { number: "100", for: "police" },
    ],
    source: "wiki",
  },
  NR: {
    name: "Nauru",
    numbers: [
      { number: "111", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "wiki",
  },
  NZ: { name: "New Zealand", numbers: [{ number: "111", for: "all" }], source: "wiki" },
  OM: { name: "Oman", numbers: [{ number: "9999", for: "all" }], source: "wiki" },
  PA: {
    name: "Panama",
    numbers: [
      { number: "911", for: "all" },
      { number: "104", for: "police" },
    ],
    source: "wiki",
  },
  PE: {
    name: "Peru",
    numbers: [
      { number: "106", for: "ambulance" },
      { number: "105", for: "police" },
      { number: "116", for: "fire" },
    ],
    source: "pe-minsa",
  },
  PF: {
    name: "French Polynesia",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  PG: {
    name: "Papua New Guinea",
    numbers: [
      { number: "111", for: "ambulance" },
      { number: "112", for: "police" },
    ],
    source: "wiki",
  },
  PH: { name: "Philippines", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  PK: {
    name: "Pakistan",
    numbers: [
      { number: "115", for: "ambulance" },
      { number: "1122", for: "ambulance" },
      { number: "15", for: "police" },
    ],
    source: "wiki",
  },
  PL: {
    name: "Poland",
    numbers: [
      { number: "112", for: "all" },
      { number: "999", for: "ambulance" },
      { number: "997", for: "police" },
    ],
    source: "wiki",
  },
  PM: {
    name: "Saint Pierre and Miquelon",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  PR: { name: "Puerto Rico", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  PS: {
    name: "Palestine",
    numbers: [
      { number: "101", for: "ambulance" },
      { number: "100", for: "police" },
    ],
    source: "aosp",
  },
  PT: { name: "Portugal", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  PW: { name: "Palau", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  PY: { name: "Paraguay", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  QA: { name: "Qatar", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  RE: {
    name: "Réunion",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  RO: { name: "Romania", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  RS: {
    name: "Serbia",
    numbers: [
      { number: "194", for: "ambulance" },
      { number: "192", for: "police" },
    ],
    source: "wiki",
  },
  RU: {
    name: "Russia",
    numbers: [
      { number: "112", for: "all" },
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "aosp",
  },
  RW: {
    name: "Rwanda",
    numbers: [
      { number: "112", for: "all" },
      { number: "912", for: "ambulance" },
    ],
    source: "wiki",
  },
  SA: {
    name: "Saudi Arabia",
    numbers: [
      { number: "911", for: "all" },
      { number: "997", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "wiki",
  },
  SB: {
    name: "Solomon Islands",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  SC: {
    name: "Seychelles",
    numbers: [
      { number: "999", for: "all" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  SD: { name: "Sudan", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  SE: { name: "Sweden", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  SG: {
    name: "Singapore",
    numbers: [
      { number: "995", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "wiki",
  },
  SH: { name: "Saint Helena", numbers: [{ number: "999", for: "all" }], source: "wiki2026" },
  SI: { name: "Slovenia", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  SK: {
    name: "Slovakia",
    numbers: [
      { number: "112", for: "all" },
      { number: "155", for: "ambulance" },
      { number: "158", for: "police" },
    ],
    source: "wiki",
  },
  SL: {
    name: "Sierra Leone",
    numbers: [
      { number: "999", for: "ambulance" },
      { number: "019", for: "police" },
    ],
    source: "wiki",
  },
  SM: {
    name: "San Marino",
    numbers: [
      { number: "118", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki",
  },
  SN: {
    name: "Senegal",
    numbers: [
      { number: "18", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "sn-page",
  },
  SO: {
    name: "Somalia",
    numbers: [
      { number: "999", for: "ambulance" },
      { number: "888", for: "police" },
    ],
    source: "so-page",
  },
  SR: { name: "Suriname", numbers: [{ number: "115", for: "all" }], source: "wiki" },
  SS: { name: "South Sudan", numbers: [{ number: "999", for: "all" }], source: "wiki" },
  ST: { name: "São Tomé and Príncipe", numbers: [{ number: "112", for: "all" }], source: "wiki" },
  SV: {
    name: "El Salvador",
    numbers: [
      { number: "132", for: "ambulance" },
      { number: "911", for: "police" },
    ],
    source: "sv-page",
  },
  SX: { name: "Sint Maarten", numbers: [{ number: "912", for: "ambulance" }], source: "wiki2026" },
  SY: {
    name: "Syria",
    numbers: [
      { number: "110", for: "ambulance" },
      { number: "112", for: "police" },
    ],
    source: "wiki",
  },
  SZ: {
    name: "Eswatini",
    numbers: [
      { number: "977", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "sz-gov",
  },
  TC: { name: "Turks and Caicos Islands", numbers: [{ number: "911", for: "all" }], source: "wiki2026" },
  TD: {
    name: "Chad",
    numbers: [
      { number: "17", for: "police" },
      { number: "18", for: "fire" },
    ],
    source: "wiki",
  },
  TG: {
    name: "Togo",
    numbers: [
      { number: "117", for: "police" },
      { number: "118", for: "fire" },
      { number: "8200", for: "ambulance" },
    ],
    source: "wiki",
  },
  TH: {
    name: "Thailand",
    numbers: [
      { number: "1669", for: "ambulance" },
      { number: "191", for: "police" },
    ],
    source: "wiki",
  },
  TJ: {
    name: "Tajikistan",
    numbers: [
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  TL: { name: "Timor-Leste", numbers: [{ number: "112", for: "all" }], source: "tl-page" },
  TM: {
    name: "Turkmenistan",
    numbers: [
      { number: "003", for: "ambulance" },
      { number: "002", for: "police" },
    ],
    source: "wiki",
  },
  TN: {
    name: "Tunisia",
    numbers: [
      { number: "190", for: "ambulance" },
      { number: "197", for: "police" },
    ],
    source: "wiki",
  },
  TO: {
    name: "Tonga",
    numbers: [
      { number: "933", for: "ambulance" },
      { number: "922", for: "police" },
      { number: "911", for: "all" },
    ],
    source: "wiki",
  },
  TR: {
    name: "Türkiye",
    numbers: [
      { number: "112", for: "all" },
      { number: "155", for: "police" },
    ],
    source: "wiki2026",
  },
  TT: {
    name: "Trinidad and Tobago",
    numbers: [
      { number: "990", for: "ambulance" },
      { number: "811", for: "ambulance" },
      { number: "999", for: "police" },
    ],
    source: "tt-unhcr",
  },
  TV: { name: "Tuvalu", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  TW: {
    name: "Taiwan",
    numbers: [
      { number: "119", for: "ambulance" },
      { number: "110", for: "police" },
    ],
    source: "aosp",
  },
  TZ: {
    name: "Tanzania",
    numbers: [
      { number: "112", for: "all" },
      { number: "114", for: "ambulance" },
    ],
    source: "wiki",
  },
  UA: {
    name: "Ukraine",
    numbers: [
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "ua-page",
  },
  UG: {
    name: "Uganda",
    numbers: [
      { number: "112", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "ug-police",
  },
  US: { name: "United States", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  UY: { name: "Uruguay", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  UZ: {
    name: "Uzbekistan",
    numbers: [
      { number: "103", for: "ambulance" },
      { number: "102", for: "police" },
    ],
    source: "wiki2026",
  },
  VA: {
    name: "Vatican City",
    numbers: [
      { number: "112", for: "all" },
      { number: "118", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki2026",
  },
  VC: {
    name: "Saint Vincent and the Grenadines",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  VE: { name: "Venezuela", numbers: [{ number: "911", for: "all" }], source: "wiki" },
  VG: {
    name: "British Virgin Islands",
    numbers: [
      { number: "911", for: "all" },
      { number: "999", for: "all" },
    ],
    source: "wiki",
  },
  VI: { name: "U.S. Virgin Islands", numbers: [{ number: "911", for: "all" }], source: "wiki2026" },
  VN: {
    name: "Vietnam",
    numbers: [
      { number: "115", for: "ambulance" },
      { number: "113", for: "police" },
    ],
    source: "wiki",
  },
  VU: {
    name: "Vanuatu",
    numbers: [
      { number: "112", for: "ambulance" },
      { number: "111", for: "police" },
    ],
    source: "wiki",
  },
  WF: {
    name: "Wallis and Futuna",
    numbers: [
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  WS: { name: "Samoa", numbers: [{ number: "911", for: "all" }], source: "ws-gov" },
  XK: {
    name: "Kosovo",
    numbers: [
      { number: "194", for: "ambulance" },
      { number: "192", for: "police" },
    ],
    source: "aosp",
  },
  YE: { name: "Yemen", numbers: [{ number: "195", for: "ambulance" }], source: "ye-echo" },
  YT: {
    name: "Mayotte",
    numbers: [
      { number: "112", for: "all" },
      { number: "15", for: "ambulance" },
      { number: "17", for: "police" },
    ],
    source: "wiki",
  },
  ZA: {
    name: "South Africa",
    numbers: [
      { number: "10177", for: "ambulance" },
      { number: "10111", for: "police" },
      { number: "112", for: "all" },
    ],
    source: "wiki",
  },
  ZM: {
    name: "Zambia",
    numbers: [
      { number: "999", for: "all" },
      { number: "991", for: "police" },
    ],
    source: "zm-police",
  },
  ZW: {
    name: "Zimbabwe",
    numbers: [
      { number: "999", for: "all" },
      { number: "995", for: "police" },
    ],
    source: "wiki",
  },
};
