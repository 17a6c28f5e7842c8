// The one script of the HTML gradebook (allowed by its hash in the page's Content-Security-Policy, nothing else runs):
// sort by a column, filter by name and status, expand a submission's failures, and follow a link to a submission.
// Each submission is its own <tbody> (its row and its hidden details row), so sorting and filtering move them together.

/** The script's source, exactly as inlined and hashed. */
export const PAGE_SCRIPT = `
(function () {
  var table = document.getElementById('gradebook');
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var bodies = function () { return Array.prototype.slice.call(table.tBodies); };
  bodies().forEach(function (body, i) { body.setAttribute('data-index', String(i)); });
  var nameFilter = document.getElementById('filter-name');
  var statusFilter = document.getElementById('filter-status');
  var shown = document.getElementById('shown');
  function compare(a, b, numeric) {
    if (numeric) return Number(a) - Number(b);
    return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  }
  headers.forEach(function (th, column) {
    th.querySelector('button').addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      var numeric = th.getAttribute('data-type') === 'number';
      var list = bodies();
      list.sort(function (a, b) {
        var order = compare(a.rows[0].cells[column].getAttribute('data-sort'), b.rows[0].cells[column].getAttribute('data-sort'), numeric);
        return (ascending ? order : -order) || Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index'));
      });
      headers.forEach(function (h) { h.setAttribute('aria-sort', 'none'); });
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      list.forEach(function (body) { table.appendChild(body); });
    });
  });
  function filter() {
    var text = nameFilter.value.trim().toLowerCase();
    var status = statusFilter.value;
    var count = 0;
    bodies().forEach(function (body) {
      var match = (text === '' || body.getAttribute('data-name').toLowerCase().indexOf(text) !== -1) && (status === '' || body.getAttribute('data-status') === status);
      body.hidden = !match;
      if (match) count++;
    });
    shown.textContent = count + ' of ' + table.tBodies.length + ' shown';
  }
  nameFilter.addEventListener('input', filter);
  statusFilter.addEventListener('change', filter);
  function expand(body, open) {
    var button = body.querySelector('button.expand');
    var details = body.rows[1];
    if (!button || !details) return;
    details.hidden = !open;
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
  }
  bodies().forEach(function (body) {
    var button = body.querySelector('button.expand');
    if (button) button.addEventListener('click', function () { expand(body, button.getAttribute('aria-expanded') !== 'true'); });
  });
  Array.prototype.forEach.call(document.querySelectorAll('a[data-submission]'), function (link) {
    link.addEventListener('click', function (event) {
      var body = document.getElementById(link.getAttribute('data-submission'));
      if (!body) return;
      event.preventDefault();
      nameFilter.value = '';
      statusFilter.value = '';
      filter();
      expand(body, true);
      body.scrollIntoView({ block: 'start' });
    });
  });
  filter();
})();
`;
