/**
 * The SEFAZ web services of NF-e 4.00 (model 55) by authorizer, and the authorizer of each UF:
 * generated from nfephp-org/sped-nfe `storage/wsnfe_4.00_mod55.xml` and `storage/autorizadores.json`
 * (commit 3b44ec9, 2026-06-23). Check the SEFAZ portal before relying on one (they move).
 */
export interface SefazServices {
  authorization: string;
  result: string;
  event: string;
}

export const AUTHORIZERS: Record<string, { homologation: SefazServices; production: SefazServices }> = {
  AM: {
    homologation: {
      authorization: "https://homnfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4",
      result: "https://homnfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4",
      event: "https://homnfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4",
      result: "https://nfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4",
      event: "https://nfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4",
    },
  },
  BA: {
    homologation: {
      authorization: "https://hnfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx",
      result: "https://hnfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx",
      event: "https://hnfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
    },
    production: {
      authorization: "https://nfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx",
      result: "https://nfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx",
      event: "https://nfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
    },
  },
  GO: {
    homologation: {
      authorization: "https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4",
      result: "https://homolog.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4",
      event: "https://homolog.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefaz.go.gov.br/nfe/services/NFeAutorizacao4",
      result: "https://nfe.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4",
      event: "https://nfe.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4",
    },
  },
  MG: {
    homologation: {
      authorization: "https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4",
      result: "https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4",
      event: "https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4",
      result: "https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4",
      event: "https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4",
    },
  },
  MS: {
    homologation: {
      authorization: "https://hom.nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4",
      result: "https://hom.nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4",
      event: "https://hom.nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4",
      result: "https://nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4",
      event: "https://nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4",
    },
  },
  MT: {
    homologation: {
      authorization: "https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4",
      result: "https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4",
      event: "https://homologacao.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4",
      result: "https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4",
      event: "https://nfe.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4",
    },
  },
  PE: {
    homologation: {
      authorization: "https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4",
      result: "https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4",
      event: "https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4",
      result: "https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4",
      event: "https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4",
    },
  },
  PR: {
    homologation: {
      authorization: "https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4",
      result: "https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4",
      event: "https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4",
    },
    production: {
      authorization: "https://nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4",
      result: "https://nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4",
      event: "https://nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4",
    },
  },
  RS: {
    homologation: {
      authorization: "https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
      result: "https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
      event: "https://nfe-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx",
    },
    production: {
      authorization: "https://nfe.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
      result: "https://nfe.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
      event: "https://nfe.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx",
    },
  },
  SP: {
    homologation: {
      authorization: "https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx",
      result: "https://homologacao.nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx",
      event: "https://homologacao.nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx",
    },
    production: {
      authorization: "https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx",
      result: "https://nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx",
      event: "https://nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx",
    },
  },
  SVAN: {
    homologation: {
      authorization: "https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx",
      result: "https://hom.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx",
      event: "https://hom.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
    },
    production: {
      authorization: "https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx",
      result: "https://www.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx",
      event: "https://www.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
    },
  },
  SVRS: {
    homologation: {
      authorization: "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
      result: "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
      event: "https://nfe-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx",
    },
    production: {
      authorization: "https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
      result: "https://nfe.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
      event: "https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx",
    },
  },
};

/** Which authorizer serves each UF's NF-e (model 55). */
export const AUTHORIZER_OF: Record<string, string> = {
  AC: "SVRS",
  AL: "SVRS",
  AM: "AM",
  AP: "SVRS",
  BA: "BA",
  CE: "SVRS",
  DF: "SVRS",
  ES: "SVRS",
  GO: "GO",
  MA: "SVAN",
  MG: "MG",
  MS: "MS",
  MT: "MT",
  PA: "SVRS",
  PB: "SVRS",
  PE: "PE",
  PI: "SVRS",
  PR: "PR",
  RJ: "SVRS",
  RN: "SVRS",
  RO: "SVRS",
  RR: "SVRS",
  RS: "RS",
  SC: "SVRS",
  SE: "SVRS",
  SP: "SP",
  TO: "SVRS",
};
