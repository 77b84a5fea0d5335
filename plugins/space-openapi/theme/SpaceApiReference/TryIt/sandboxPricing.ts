/**
 * The pricing the console's uploads to the sandbox start with: NoteHive 2025-1, the running example of the SPACE user
 * guide (docs/api/space/user-guide/introduction.mdx). The reference's samples contract its PRO plan and its
 * `extraSummaries` add-on, and evaluate its features, so a reader can upload it and send them as they are.
 */
export const SANDBOX_PRICING = `syntaxVersion: "2.1"
saasName: NoteHive
version: "2025-1"
createdAt: "2025-01-15"
currency: EUR
url: https://notehive.example.com/pricing
billing:
  monthly: 1
  annual: 0.8
features:
  notes:
    description: Write, edit and organise notes in notebooks.
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['notes']
  exportPdf:
    description: Download any note as a PDF document.
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: planContext['features']['exportPdf']
  aiSummaries:
    description: Ask the assistant for a short summary of a note.
    valueType: BOOLEAN
    defaultValue: false
    type: AUTOMATION
    automationType: BOT
    expression: userContext['aiSummariesPerMonth'] < planContext['usageLimits']['aiSummariesPerMonth']
usageLimits:
  maxNotes:
    description: Notes a user can keep at the same time.
    valueType: NUMERIC
    defaultValue: 50
    unit: note
    type: NON_RENEWABLE
    linkedFeatures:
      - notes
  aiSummariesPerMonth:
    description: AI summaries a user can request in one month.
    valueType: NUMERIC
    defaultValue: 0
    unit: summary
    type: RENEWABLE
    linkedFeatures:
      - aiSummaries
plans:
  BASIC:
    description: Personal note-taking at no cost.
    price: 0
    unit: user/month
    features: null
    usageLimits: null
  PRO:
    description: For people who live in their notes.
    price: 8
    unit: user/month
    features:
      exportPdf:
        value: true
      aiSummaries:
        value: true
    usageLimits:
      maxNotes:
        value: 2000
      aiSummariesPerMonth:
        value: 50
  TEAM:
    description: Shared workspaces for small teams.
    price: 15
    unit: user/month
    features:
      exportPdf:
        value: true
      aiSummaries:
        value: true
    usageLimits:
      maxNotes:
        value: 10000
      aiSummariesPerMonth:
        value: 200
addOns:
  extraSummaries:
    description: One hundred more AI summaries every month. Can be bought several times.
    availableFor:
      - PRO
      - TEAM
    price: 4
    unit: user/month
    usageLimitsExtensions:
      aiSummariesPerMonth:
        value: 100
`;
