// Node's fetch in a process of its own, as a browser is: `count` uploads of a form with
// `fields` (JSON) and one file of `bytes` bytes, one after another. Prints each outcome as
// JSON: the status, or the message of a request that failed.
// A client in the server's own process does not show how a close lands: the two take turns
// in one event loop, so the client reads every answer before the server closes.
const [url, token, fieldsJson, bytes, count] = process.argv.slice(2)
const fields = JSON.parse(fieldsJson)
const outcomes = []
for (let round = 0; round < Number(count); round++) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const each of [value].flat()) form.append(name, each)
  }
  form.append('files', new Blob([new Uint8Array(Number(bytes)).fill(97)]), 'groot.csv')
  const outcome = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(
    async (answer) => {
      await answer.arrayBuffer()
      return answer.status
    },
    (error) => `${error.message}: ${error.cause?.message ?? ''}`,
  )
  outcomes.push(outcome)
}
console.log(JSON.stringify(outcomes))
