import './lazy.css'

document.body.dataset.lazy = 'true'
