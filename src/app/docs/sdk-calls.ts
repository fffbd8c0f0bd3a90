// The same call four ways for the API reference: curl and the TypeScript
// (@sandi/node), PHP (sandi/sandi-php) and Python (sandi) SDKs, built from an
// operation's own examples so all of them send the same request. A unit test keeps
// SDK_METHODS equal to the SDKs' own tables (sdk/*/…client…).
import type { Json } from "./prose";

export type CallExample = { curl: string; typescript: string; php: string; python: string };

/**
 * The SDK method behind each operationId in TypeScript, PHP and Python, and how its argument is passed:
 * "filter" shows the first query parameter alone (the filters are alternatives; Python takes keywords),
 * "query" shows every query parameter in one object (Python: one dict, as `from` is a keyword there),
 * "positional" passes every path parameter, then each field of the body, as arguments of their own.
 */
export const SDK_METHODS: Record<string, { ts: string; php: string; py: string; arg: "body" | "path" | "filter" | "query" | "positional" | "none" }> = {
  requestOtp: { ts: "otp.request", php: "otp->request", py: "otp.request", arg: "body" },
  sendOtp: { ts: "otp.send", php: "otp->send", py: "otp.send", arg: "body" },
  verifyOtp: { ts: "otp.verify", php: "otp->verify", py: "otp.verify", arg: "body" },
  getOtp: { ts: "otp.get", php: "otp->get", py: "otp.get", arg: "path" },
  getAccount: { ts: "account.get", php: "account->get", py: "account.get", arg: "none" },
  createTopup: { ts: "topups.create", php: "topups->create", py: "topups.create", arg: "body" },
  listTestMessages: { ts: "test.messages", php: "test->messages", py: "test.messages", arg: "filter" },
  sendTestInboundWhatsapp: { ts: "test.inboundWhatsapp", php: "test->inboundWhatsapp", py: "test.inbound_whatsapp", arg: "body" },
  sendTestReceipt: { ts: "test.receipt", php: "test->receipt", py: "test.receipt", arg: "body" },
  getInsightsSummary: { ts: "insights.summary", php: "insights->summary", py: "insights.summary", arg: "query" },
  listTemplates: { ts: "templates.list", php: "templates->list", py: "templates.list", arg: "none" },
  createTemplate: { ts: "templates.create", php: "templates->create", py: "templates.create", arg: "body" },
  getTemplate: { ts: "templates.get", php: "templates->get", py: "templates.get", arg: "path" },
  updateTemplate: { ts: "templates.update", php: "templates->update", py: "templates.update", arg: "positional" },
  deleteTemplate: { ts: "templates.delete", php: "templates->delete", py: "templates.delete", arg: "path" },
  getFraudList: { ts: "lists.get", php: "lists->get", py: "lists.get", arg: "positional" },
  addFraudListEntry: { ts: "lists.add", php: "lists->add", py: "lists.add", arg: "positional" },
  removeFraudListEntry: { ts: "lists.remove", php: "lists->remove", py: "lists.remove", arg: "positional" },
};

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function tsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(", ")}]`;
  if (value && typeof value === "object") return `{ ${Object.entries(value).map(([k, v]) => `${camel(k)}: ${tsLiteral(v)}`).join(", ")} }`;
  return JSON.stringify(value);
}

function phpLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(phpLiteral).join(", ")}]`;
  if (value && typeof value === "object") return `[${Object.entries(value).map(([k, v]) => `'${k}' => ${phpLiteral(v)}`).join(", ")}]`;
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  return JSON.stringify(value);
}

function pyLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(", ")}]`;
  if (value && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `"${k}": ${pyLiteral(v)}`).join(", ")}}`;
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return JSON.stringify(value);
}

/** One call of the operation, with the first example of its body, path or query. */
export function callExample(base: string, method: string, path: string, op: Json): CallExample {
  const sdk = SDK_METHODS[op.operationId];
  const body = op.requestBody ? Object.values(op.requestBody.content["application/json"].examples as Json)[0]?.value : undefined;
  const params = (op.parameters ?? []) as Json[];
  const pathParam = params.find((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query").slice(0, sdk?.arg === "query" ? undefined : 1);
  const query = queryParams.length ? Object.fromEntries(queryParams.map((p) => [p.name, p.example])) : undefined;
  const url = base + path.replace(/\{(\w+)\}/g, (_, name: string) => params.find((p) => p.in === "path" && p.name === name)?.example ?? "") + (query ? `?${queryParams.map((p) => `${p.name}=${p.example}`).join("&")}` : "");
  const curl = [`curl -s ${method === "get" ? "" : `-X ${method.toUpperCase()} `}"${url}" \\`, `  -H "Authorization: Bearer $SANDI_KEY"`];
  if (body !== undefined) curl[1] += ` -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(body)}'`;
  let arg: unknown;
  if (sdk?.arg === "body") arg = body;
  else if (sdk?.arg === "path") arg = pathParam?.example;
  else if (sdk?.arg === "filter" || sdk?.arg === "query") arg = query;
  if (sdk?.arg === "positional") {
    const values = [...params.filter((p) => p.in === "path").map((p) => p.example), ...Object.values((body ?? {}) as Json)];
    return {
      curl: curl.join("\n"),
      typescript: `const result = await sandi.${sdk.ts}(${values.map(tsLiteral).join(", ")});`,
      php: `$result = $sandi->${sdk.php}(${values.map(phpLiteral).join(", ")});`,
      python: `result = client.${sdk.py}(${values.map(pyLiteral).join(", ")})`,
    };
  }
  const tsArg = arg === undefined ? "" : tsLiteral(arg);
  const phpArg = arg === undefined ? "" : phpLiteral(arg);
  // Python's test.messages takes keyword arguments, the rest one dict.
  const pyArg = arg === undefined ? "" : sdk?.arg === "filter" ? Object.entries(arg as Json).map(([k, v]) => `${k}=${pyLiteral(v)}`).join(", ") : pyLiteral(arg);
  return {
    curl: curl.join("\n"),
    typescript: sdk ? `const result = await sandi.${sdk.ts}(${tsArg});` : `const result = await sandi.raw("${method.toUpperCase()}", "${path}");`,
    php: sdk ? `$result = $sandi->${sdk.php}(${phpArg});` : `$result = $sandi->raw('${method.toUpperCase()}', '${path}');`,
    python: sdk ? `result = client.${sdk.py}(${pyArg})` : `result = client.raw("${method.toUpperCase()}", "${path}")`,
  };
}

/** How each SDK client is made, shown once above the examples. */
export function sdkSetup(base: string): CallExample {
  return {
    curl: `SANDI_KEY=sk_test_…   # API key dari dashboard`,
    typescript: `// npm install @sandi/node\nimport { Sandi } from "@sandi/node";\nconst sandi = new Sandi({ apiKey: process.env.SANDI_KEY, baseUrl: "${base}" });`,
    php: `// composer require sandi/sandi-php (atau require 'sandi-php/autoload.php')\n$sandi = new \\Sandi\\Client(getenv('SANDI_KEY'), ['base_url' => '${base}']);`,
    python: `# pip install sandi\nimport os\nimport sandi\n\nclient = sandi.Client(os.environ["SANDI_KEY"], base_url="${base}")`,
  };
}

/** The quick start: send an OTP, then verify what the user typed. */
export function quickStart(base: string): CallExample {
  return {
    curl: `curl -s ${base}/v3/request \\
  -H "Authorization: Bearer $SANDI_KEY" -H "Content-Type: application/json" \\
  -d '{"channel":"whatsapp","destination":"6281234567890"}'

curl -s ${base}/v3/verify \\
  -H "Authorization: Bearer $SANDI_KEY" -H "Content-Type: application/json" \\
  -d '{"otp_id":"OTP20261123QWER000042","otp":"482913"}'`,
    typescript: `const otp = await sandi.otp.request({ channel: "whatsapp", destination: "6281234567890" });
// … pengguna memasukkan kodenya
const { verified } = await sandi.otp.verify({ otpId: otp.otpId, otp: "482913" });`,
    php: `$otp = $sandi->otp->request(['channel' => 'whatsapp', 'destination' => '6281234567890']);
// … pengguna memasukkan kodenya
$verified = $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => '482913'])['verified'];`,
    python: `otp = client.otp.request({"channel": "whatsapp", "destination": "6281234567890"})
# … pengguna memasukkan kodenya
verified = client.otp.verify({"otp_id": otp["otp_id"], "otp": "482913"})["verified"]`,
  };
}

/** Test mode in CI: create, read the code the sandbox kept, verify. */
export function testModeFlow(base: string): CallExample {
  return {
    curl: `KEY=$SANDI_TEST_KEY   # sk_test_…
OTP_ID=$(curl -s ${base}/v3/request -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -d '{"channel":"sms","destination":"6281234567890"}' | jq -r .data.otp_id)
CODE=$(curl -s "${base}/v3/test/messages?otp_id=$OTP_ID" -H "Authorization: Bearer $KEY" | jq -r '.data[0].code')
curl -s ${base}/v3/verify -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -d "{\\"otp_id\\":\\"$OTP_ID\\",\\"otp\\":\\"$CODE\\"}"   # "verified": true`,
    typescript: `const otp = await sandi.otp.request({ channel: "sms", destination: "6281234567890" });
const [message] = await sandi.test.messages({ otpId: otp.otpId });
const { verified } = await sandi.otp.verify({ otpId: otp.otpId, otp: message.code }); // true`,
    php: `$otp = $sandi->otp->request(['channel' => 'sms', 'destination' => '6281234567890']);
$code = $sandi->test->messages(['otp_id' => $otp['otp_id']])[0]['code'];
$verified = $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => $code])['verified']; // true`,
    python: `otp = client.otp.request({"channel": "sms", "destination": "6281234567890"})
code = client.test.messages(otp_id=otp["otp_id"])[0]["code"]
verified = client.otp.verify({"otp_id": otp["otp_id"], "otp": code})["verified"]  # True`,
  };
}
