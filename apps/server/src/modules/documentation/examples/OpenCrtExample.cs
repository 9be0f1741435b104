// OpenCRT API example (C#, HttpClient): sign in, run one simulation, print each bond's WAL.
// Build: mcs -r:System.Net.Http.dll OpenCrtExample.cs   (or any .NET SDK: add it to a console project)
// Run:   OPENCRT_URL=http://localhost:8080 OPENCRT_USER=analyst OPENCRT_PASSWORD=... mono OpenCrtExample.exe
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading.Tasks;

public static class OpenCrtExample
{
    static string Env(string name, string fallback)
    {
        var value = Environment.GetEnvironmentVariable(name);
        return string.IsNullOrEmpty(value) ? fallback : value;
    }

    static async Task<string> Read(HttpResponseMessage response)
    {
        var text = await response.Content.ReadAsStringAsync();
        if (!response.IsSuccessStatusCode) throw new Exception("HTTP " + (int)response.StatusCode + ": " + text);
        return text;
    }

    static async Task<int> Run()
    {
        var baseUrl = Env("OPENCRT_URL", "http://localhost:8080").TrimEnd('/');
        using (var http = new HttpClient())
        {
            var form = new FormUrlEncodedContent(new Dictionary<string, string> {
                { "grant_type", "password" },
                { "username", Env("OPENCRT_USER", "analyst") },
                { "password", Env("OPENCRT_PASSWORD", "") },
            });
            var signIn = await Read(await http.PostAsync(baseUrl + "/api/oauth/token", form));
            var token = Regex.Match(signIn, "\"access_token\"\\s*:\\s*\"([^\"]+)\"").Groups[1].Value;
            http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);

            // Rates are fractions per period; the first value is the settlement period.
            var body = "{\"DealName\":\"" + Env("OPENCRT_DEAL", "STACR 2026-DNA1") + "\",\"SettlementDate\":20260217," +
                       "\"Cpr\":[0,0.10],\"Cdr\":[0,0.01],\"LossSeverity\":[0,0.25],\"Delinquency\":[0,0],\"Libor\":[0,0.04]}";
            var result = await Read(await http.PostAsync(baseUrl + "/api/simulate?useShallowResponse=true",
                new StringContent(body, Encoding.UTF8, "application/json")));

            // Each bond object carries its name and WAL (System.Text.Json or Json.NET would do this in a real client).
            var bonds = Regex.Matches(result, "\"BondName\"\\s*:\\s*\"([^\"]+)\"[^{}]*?\"Wal\"\\s*:\\s*(-?[0-9.eE+-]+)");
            foreach (Match bond in bonds)
            {
                var wal = double.Parse(bond.Groups[2].Value, CultureInfo.InvariantCulture);
                Console.WriteLine(bond.Groups[1].Value + "\tWAL " + wal.ToString("F2", CultureInfo.InvariantCulture));
            }
            if (bonds.Count == 0) throw new Exception("no bonds in the answer");
            return 0;
        }
    }

    public static int Main()
    {
        try { return Run().GetAwaiter().GetResult(); }
        catch (Exception e) { Console.Error.WriteLine("OpenCRT example failed: " + e.Message); return 1; }
    }
}
