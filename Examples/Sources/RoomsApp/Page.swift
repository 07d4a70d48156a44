// The page at `/`: plain HTML and JavaScript, no build step. It follows one room over
// Server-Sent Events and posts with `fetch`.
//
//   /?room=lobby           follow the room "lobby" (the default)
//   /?room=lobby&close=3   close the EventSource after 3 messages and set the title to
//                          "done" (a headless browser's --dump-dom waits for open streams)

@usableFromInline let page = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rooms</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; max-width: 40em; margin: 2em auto; }
  #messages { list-style: none; padding: 0; }
  #messages li { padding: .2em 0; border-bottom: 1px solid #eee; }
  #typing { color: #888; min-height: 1.4em; }
  #rate { color: #888; }
</style>
</head>
<body>
<h1>Room <span id="room"></span></h1>
<ul id="messages"></ul>
<div id="typing"></div>
<form id="post">
  <input id="author" placeholder="name" size="8" required>
  <input id="text" placeholder="say something" size="30" required autocomplete="off">
  <button>Send</button>
</form>
<p id="rate"></p>
<p id="status">connecting…</p>
<script>
const params = new URLSearchParams(location.search);
const room = params.get("room") || "lobby";
const closeAfter = parseInt(params.get("close") || "0", 10);
const $ = (id) => document.getElementById(id);
$("room").textContent = room;

let received = 0;
const events = new EventSource("/rooms/" + encodeURIComponent(room) + "/events");
events.onopen = () => { $("status").textContent = "live"; };
events.onerror = () => { $("status").textContent = "reconnecting…"; };
events.addEventListener("message", (e) => {
  const m = JSON.parse(e.data).message;
  const li = document.createElement("li");
  li.className = "message";
  li.dataset.id = m.id;
  li.textContent = m.author + ": " + m.text;
  $("messages").appendChild(li);
  received += 1;
  if (closeAfter > 0 && received >= closeAfter) {
    events.close();
    $("status").textContent = "closed";
    document.title = "done";
  }
});
events.addEventListener("typing", (e) => { $("typing").textContent = JSON.parse(e.data).typing || ""; });
events.addEventListener("rate", (e) => { $("rate").textContent = JSON.parse(e.data).rate + " messages in the last window"; });

const post = (path, body) => fetch("/rooms/" + encodeURIComponent(room) + path, {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
});
$("text").addEventListener("input", () => { if ($("author").value) post("/typing", { author: $("author").value }); });
$("post").addEventListener("submit", (e) => {
  e.preventDefault();
  post("/messages", { author: $("author").value, text: $("text").value });
  $("text").value = "";
});
</script>
</body>
</html>
"""#
