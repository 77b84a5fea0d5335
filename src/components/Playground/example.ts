/** The document the playground opens with when the address carries none. */
export const DEFAULT_EXAMPLE = `# A Pricing2Yaml 3.0 document. Edit it: problems are listed
# beside the editor, the pricing is drawn below when it is valid,
# and Evaluate shows what a subscriber may use.
syntaxVersion: "3.0"
saasName: Tallybook
createdAt: "2025-04-01"
currency: EUR
billing:
  monthly: 1
  annual: 0.8
variables:
  seat: 6
features:
  invoices:
    description: Create and send invoices.
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: pricingContext['features']['invoices'] && subscriptionContext['invoicesPerMonth'] < pricingContext['usageLimits']['invoicesPerMonth']
  bankSync:
    description: Import bank transactions every night.
    valueType: BOOLEAN
    defaultValue: false
    type: INTEGRATION
    integrationType: API
    expression: pricingContext['features']['bankSync'] && subscriptionContext['bankAccounts'] < pricingContext['usageLimits']['bankAccounts']
  payments:
    valueType: TEXT
    defaultValue:
      - CARD
    type: PAYMENT
usageLimits:
  invoicesPerMonth:
    valueType: NUMERIC
    defaultValue: 20
    unit: invoice
    type: RENEWABLE
    linkedFeatures:
      - invoices
  bankAccounts:
    valueType: NUMERIC
    defaultValue: 0
    unit: account
    type: NON_RENEWABLE
    trackable: true
    linkedFeatures:
      - bankSync
plans:
  FREE:
    price: 0
    features: null
  PRO:
    price: "#seat * 2"
    unit: user/month
    features:
      bankSync:
        value: true
      payments:
        value:
          - CARD
          - INVOICE
    usageLimits:
      invoicesPerMonth:
        value: .inf
      bankAccounts:
        value: 3
addOns:
  extraAccounts:
    availableFor:
      - PRO
    price: 4
    unit: 2 accounts/month
    usageLimitsExtensions:
      bankAccounts:
        value: 2
    subscriptionConstraints:
      minQuantity: 1
      maxQuantity: 5
      quantityStep: 1
`;
