// OpenCRT API example (C++17 + libcurl): sign in, run one simulation, print each bond's WAL.
// Build: g++ -std=c++17 -O2 OpenCrtExample.cpp -lcurl -o opencrt-example
// Run:   OPENCRT_URL=http://localhost:8080 OPENCRT_USER=analyst OPENCRT_PASSWORD=... ./opencrt-example
#include <curl/curl.h>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <regex>
#include <stdexcept>
#include <string>

static size_t collect(char* data, size_t size, size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

static std::string env(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

// POSTs a body and returns the answer; throws on a transport error or a non-2xx status.
static std::string post(const std::string& url, const std::string& body, const std::string& contentType, const std::string& token) {
  CURL* curl = curl_easy_init();
  if (!curl) throw std::runtime_error("curl_easy_init failed");
  std::string answer;
  struct curl_slist* headers = curl_slist_append(nullptr, ("Content-Type: " + contentType).c_str());
  if (!token.empty()) headers = curl_slist_append(headers, ("Authorization: Bearer " + token).c_str());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
  CURLcode code = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  if (code != CURLE_OK) throw std::runtime_error(curl_easy_strerror(code));
  if (status < 200 || status >= 300) throw std::runtime_error("HTTP " + std::to_string(status) + ": " + answer);
  return answer;
}

static std::string escapeForm(const std::string& value) {
  char* escaped = curl_easy_escape(nullptr, value.c_str(), static_cast<int>(value.size()));
  std::string result(escaped);
  curl_free(escaped);
  return result;
}

int main() {
  try {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const std::string base = env("OPENCRT_URL", "http://localhost:8080");
    const std::string form = "grant_type=password&username=" + escapeForm(env("OPENCRT_USER", "analyst")) +
                             "&password=" + escapeForm(env("OPENCRT_PASSWORD", ""));
    const std::string signIn = post(base + "/api/oauth/token", form, "application/x-www-form-urlencoded", "");
    std::smatch token;
    if (!std::regex_search(signIn, token, std::regex("\"access_token\"\\s*:\\s*\"([^\"]+)\""))) throw std::runtime_error("no access_token");

    // Rates are fractions per period; the first value is the settlement period.
    const std::string body = "{\"DealName\":\"" + env("OPENCRT_DEAL", "STACR 2026-DNA1") + "\",\"SettlementDate\":20260217,"
        "\"Cpr\":[0,0.10],\"Cdr\":[0,0.01],\"LossSeverity\":[0,0.25],\"Delinquency\":[0,0],\"Libor\":[0,0.04]}";
    const std::string result = post(base + "/api/simulate?useShallowResponse=true", body, "application/json", token[1].str());

    // Each bond object carries its name and WAL (a JSON library would do this in a real client).
    const std::regex bond("\"BondName\"\\s*:\\s*\"([^\"]+)\"[^{}]*?\"Wal\"\\s*:\\s*(-?[0-9.eE+-]+)");
    int count = 0;
    for (auto it = std::sregex_iterator(result.begin(), result.end(), bond); it != std::sregex_iterator(); ++it, ++count) {
      std::cout << (*it)[1] << "\tWAL " << std::fixed << std::setprecision(2) << std::stod((*it)[2]) << "\n";
    }
    curl_global_cleanup();
    if (count == 0) throw std::runtime_error("no bonds in the answer");
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "OpenCRT example failed: " << e.what() << "\n";
    return 1;
  }
}
