import { Link, useParams } from 'react-router'
import { isNotFound } from '../../shared/api/client.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { documentHref } from '../../shared/routes.ts'
import { NotFoundState } from '../../shared/ui/states.tsx'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { useDocument } from '../../shared/documents/api.ts'
import { SignInRequired } from '../../shared/auth/SignInRequired.tsx'
import { useThemeNames, useUploadOptions } from './api.ts'
import { DocumentForm } from './DocumentForm.tsx'
import { FormDataState, FormFrame } from './FormFrame.tsx'
import { valuesOf } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** /documenten/{id}/edit: the upload form, filled in with the document and its files. */
export function EditDocumentPage() {
  const { authenticated } = useAuth()
  const { contentId = '' } = useParams()
  usePageTitle(TEXTS.editHeading)
  if (!authenticated) {
    return <SignInRequired heading={TEXTS.editHeading} purpose={TEXTS.editPurpose} />
  }
  return <EditForm contentUID={contentId} />
}

function EditForm({ contentUID }: { contentUID: string }) {
  const detail = useDocument(contentUID)
  const options = useUploadOptions()
  const themes = useThemeNames()

  if (detail.isError && isNotFound(detail.error)) {
    return (
      <NotFoundState title={TEXTS.notFoundTitle}>
        <p className="utrecht-paragraph">{TEXTS.notFoundBody}</p>
      </NotFoundState>
    )
  }
  // The server says whether this viewer may edit (the owner or an admin).
  if (detail.data && !detail.data.abilities.edit) {
    return (
      <FormFrame heading={TEXTS.editHeading} intro={TEXTS.editNotAllowed}>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={documentHref(contentUID)}>
            {TEXTS.backToDocument}
          </Link>
        </p>
      </FormFrame>
    )
  }
  return (
    <FormFrame heading={TEXTS.editHeading} intro={TEXTS.editIntro}>
      {detail.data && options.data && themes.data ? (
        <DocumentForm
          initialValues={valuesOf(detail.data)}
          options={options.data}
          themeNames={themes.data}
          contentUID={detail.data.contentUID}
          cancelHref={documentHref(contentUID)}
        />
      ) : (
        <FormDataState
          failed={detail.isError || options.isError || themes.isError}
          onRetry={() => {
            for (const query of [detail, options, themes]) {
              if (query.isError) void query.refetch()
            }
          }}
        />
      )}
    </FormFrame>
  )
}
