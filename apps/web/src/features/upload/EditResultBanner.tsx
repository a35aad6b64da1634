import { Link } from 'react-router'
import { ResultBanner, useResultFlag } from '../../shared/ui/ResultBanner.tsx'
import { RESULT_FLAGS, documentEditHref } from '../../shared/routes.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** On the document page after an edit: /documenten/{id}?editSuccess=true|false (spec section 2). */
export function EditResultBanner({ contentUID }: { contentUID: string }) {
  const saved = useResultFlag(RESULT_FLAGS.edit)
  if (saved === null) return null
  return saved ? (
    <ResultBanner ok>
      <p className="utrecht-paragraph">{TEXTS.editResult.saved}</p>
    </ResultBanner>
  ) : (
    <ResultBanner ok={false}>
      <p className="utrecht-paragraph">{TEXTS.editResult.failed}</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={documentEditHref(contentUID)}>
          {TEXTS.editResult.tryAgain}
        </Link>
      </p>
    </ResultBanner>
  )
}
