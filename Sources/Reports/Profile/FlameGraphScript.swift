/// The flame graph's inline script: zoom on click, reset, search with the
/// matched share, and `#search=TEXT&zoom=NAME` read from the address at
/// load (zoom: the widest frame of that name). Frames carry their place as
/// data (`data-s` the first instruction of the frame counted from the
/// graph's base, `data-c` its instructions, `data-l` its row, `data-n` its
/// name), so the script needs no other copy of the tree. Written for an SVG
/// document (no `innerHTML`; text set with `textContent`, which never
/// parses a name as markup).
enum FlameGraphScript {
    static let source = """
        (function () {
          var svg = document.documentElement;
          var plot = parseFloat(svg.getAttribute('data-plot'));
          var total = parseFloat(svg.getAttribute('data-total'));
          var frames = Array.prototype.slice.call(document.querySelectorAll('g.f'));
          function num(g, key) { return parseFloat(g.getAttribute('data-' + key)); }
          function fit(name, width) {
            var characters = Math.floor((width - 6) / 6.6);
            if (characters < 3) { return ''; }
            return name.length <= characters ? name : name.slice(0, characters - 2) + '..';
          }
          function zoom(target) {
            var s0 = num(target, 's'), c0 = num(target, 'c'), l0 = num(target, 'l');
            frames.forEach(function (g) {
              var s = num(g, 's'), c = num(g, 'c'), l = num(g, 'l');
              var rect = g.querySelector('rect'), label = g.querySelector('text');
              var inside = l >= l0 && s >= s0 && s + c <= s0 + c0;
              var below = l < l0 && s <= s0 && s + c >= s0 + c0;
              var x = 10, width = plot;
              if (inside) { x = 10 + (s - s0) / c0 * plot; width = c / c0 * plot; }
              if ((!inside && !below) || width < 0.3) { g.setAttribute('display', 'none'); return; }
              g.removeAttribute('display');
              g.setAttribute('opacity', below && g !== target ? '0.6' : '1');
              rect.setAttribute('x', x.toFixed(2));
              rect.setAttribute('width', Math.max(width - 0.5, 0.1).toFixed(2));
              label.setAttribute('x', (x + 3).toFixed(2));
              label.textContent = fit(g.getAttribute('data-n'), width);
            });
            svg.setAttribute('data-zoom', target.getAttribute('data-n'));
          }
          function search(term) {
            var needle = term.toLowerCase(), spans = [];
            frames.forEach(function (g) {
              var rect = g.querySelector('rect');
              if (!rect.hasAttribute('data-fill')) { rect.setAttribute('data-fill', rect.getAttribute('fill')); }
              var hit = needle !== '' && g.getAttribute('data-n').toLowerCase().indexOf(needle) >= 0;
              rect.setAttribute('fill', hit ? 'rgb(230,0,230)' : rect.getAttribute('data-fill'));
              g.setAttribute('class', hit ? 'f hit' : 'f');
              if (hit) { spans.push([num(g, 's'), num(g, 's') + num(g, 'c')]); }
            });
            // A match inside another match is counted once: merge the spans.
            spans.sort(function (a, b) { return a[0] - b[0]; });
            var covered = 0, end = -1;
            spans.forEach(function (span) {
              if (span[0] >= end) { covered += span[1] - span[0]; end = span[1]; }
              else if (span[1] > end) { covered += span[1] - end; end = span[1]; }
            });
            document.getElementById('matched').textContent = needle === '' ? '' :
              'matched ' + spans.length + ' frames, ' + (covered / total * 100).toFixed(1) + '% of the instructions';
          }
          frames.forEach(function (g) {
            g.style.cursor = 'pointer';
            g.addEventListener('click', function () { zoom(g); });
          });
          document.getElementById('reset').addEventListener('click', function () { zoom(frames[0]); });
          var box = document.getElementById('search');
          box.addEventListener('input', function () { search(box.value); });
          var wanted = {};
          location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
            var at = pair.indexOf('=');
            if (at > 0) { wanted[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1)); }
          });
          if (wanted.zoom) {
            // The widest frame of that name (a name can be called from many places).
            var target = frames.filter(function (g) { return g.getAttribute('data-n') === wanted.zoom; })
              .sort(function (a, b) { return num(b, 'c') - num(a, 'c'); })[0];
            if (target) { zoom(target); }
          }
          if (wanted.search) { box.value = wanted.search; search(wanted.search); }
        })();
        """
}
