// The styles of the server-rendered screens whose code loads lazily (the document page and the
// data question), in the first stylesheet: the page the server sent is laid out as it will be
// once the screen's code has arrived, so nothing moves when it does (layout shift, issue 33).
// Their components import the same files; the bundler keeps one copy, here.
import '../features/documents/documents.css'
import '../features/documents/broken-link.css'
import '../features/documents/previews.css'
import '../shared/tables/tables.css'
import '../features/ratings/ratings.css'
import '../features/classification/classification.css'
import '../features/privacy/privacy.css'
import '../features/history/history.css'
import '../features/data-question/data-question.css'
